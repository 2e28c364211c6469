"""PyInstaller hook: the rules layer, whose game packages are imported by name
(rules/registry.py), with every TOML content file beside its module."""

from PyInstaller.utils.hooks import collect_data_files, collect_submodules

hiddenimports = collect_submodules("rules", on_error="raise")
datas = collect_data_files("rules", includes=["**/*.toml"])
