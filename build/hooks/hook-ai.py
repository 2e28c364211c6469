"""PyInstaller hook: the AI layer, whose per-game modules are imported by name
(ai/levels.py), with any TOML tuning files beside them."""

from PyInstaller.utils.hooks import collect_data_files, collect_submodules

hiddenimports = collect_submodules("ai", on_error="raise")
datas = collect_data_files("ai", includes=["**/*.toml"])
