"""Help conventions for the whole command tree, applied once after the commands are built.

typer 0.2x prints option values as ``<str>`` / ``<float>`` / ``<int>`` and required arguments as
``{code}``; users know ``FILE``, ``DIR``, ``N``, ``URL`` and ``CODE`` (POSIX utility syntax,
click's own defaults). Rather than repeat ``metavar=`` in every command module, an option
without its own metavar gets one here from its long name (or, failing that, from its type), and
arguments print as ``CODE`` / ``[PATH]...``. Help text is wrapped to the terminal's width
(``COLUMNS`` when set) instead of click's fixed 80 columns.
"""

from __future__ import annotations

from typing import Any, Dict

# By long option name: what the value is, in the words `man` pages use.
OPTION_METAVARS: Dict[str, str] = {
    "--snapshot": "FILE",
    "--from-report": "FILE",
    "--error-log": "FILE",
    "--policy": "FILE",
    "--output": "FILE",
    "--requirements": "FILE",
    "--from": "FILE",
    "--data-dir": "DIR",
    "--wheelhouse": "DIR",
    "--data": "DIR",
    "--data-url": "URL",
    "--url": "URL",
    "--format": "FORMAT",
    "--timeout": "SECONDS",
    "--budget": "SECONDS",
    "--workers": "N",
    "--gpus": "LIST",
    "--gpu": "NAME",
    "--target": "NAME[==VERSION]",
    "--framework": "NAME",
    "--backend": "NAME",
    "--platform": "PLATFORM",
    "--driver": "VERSION",
    "--python": "VERSION",
    "--cc": "X.Y",
    "--driver-cuda": "X.Y",
    "--restore-dir": "DIR",
    "--base-image": "IMAGE",
    "--base-digest": "DIGEST",
    "--tag": "TAG",
    "--shm-size": "SIZE",
    "--memory": "SIZE",
    "--sha256": "HEX",
    "--only": "CODES",
    "--skip": "CODES",
}
# By type, for an option the table does not name.
TYPE_METAVARS = {"integer": "N", "int": "N", "float": "N", "text": "TEXT", "str": "TEXT"}
# Arguments that take paths read better as PATH than as their parameter name.
ARGUMENT_METAVARS = {"inputs": "PATH"}
MAX_HELP_WIDTH = 120  # wider terminals still get lines a reader can follow


def apply(command: Any) -> Any:
    """Set the conventions on ``command`` and every subcommand; returns ``command``."""
    settings = command.context_settings
    settings.setdefault("max_content_width", MAX_HELP_WIDTH)
    for param in command.params:
        if param.param_type_name == "option":
            _option(param)
        elif param.param_type_name == "argument":
            _argument(param)
    for sub in getattr(command, "commands", {}).values():
        apply(sub)
    return command


def _option(param: Any) -> None:
    if param.metavar is not None or getattr(param, "is_flag", False):
        return
    long_names = [o for o in param.opts if o.startswith("--")]
    for name in long_names:
        if name in OPTION_METAVARS:
            param.metavar = OPTION_METAVARS[name]
            return
    type_name = str(getattr(param.type, "name", "")).lower()
    param.metavar = TYPE_METAVARS.get(type_name, (param.name or "value").upper())


def _argument(param: Any) -> None:
    name = ARGUMENT_METAVARS.get(param.name or "", (param.name or "arg").upper())
    many = "..." if param.nargs != 1 else ""
    # A metavar starting with "[" is printed as it stands (typer wraps others in braces).
    param.metavar = f"{name}{many}" if param.required else f"[{name}]{many}"
    if param.required:
        param.make_metavar = _plain_metavar(param.metavar)


def _plain_metavar(text: str) -> Any:
    def make_metavar(*_args: Any, **_kwargs: Any) -> str:
        return text

    return make_metavar
