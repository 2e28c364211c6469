"""The pygame-ce front end: scene graph, screens, tables and dice tray (see docs/gui.md)."""
