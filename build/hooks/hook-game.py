"""PyInstaller hook: the pygame-ce front end, whose per-game tables and screens may be
imported by name, with any TOML files beside them."""

from PyInstaller.utils.hooks import collect_data_files, collect_submodules

hiddenimports = collect_submodules("game", on_error="raise")
datas = collect_data_files("game", includes=["**/*.toml"])
