"""Bundled compatibility matrix (data files only); see compat_data/README.md."""
