"""`envcheck matrix`: ask the bundled compatibility matrix directly.

Every answer names its sources. A version the matrix does not hold is an error (exit 2) that
says so and the date of the data, never a guess.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

import typer

from envcheck.errors import InputError

if TYPE_CHECKING:
    from envcheck.compat import Build, GpuSpec, Matrix

matrix_app = typer.Typer(
    name="matrix",
    help=(
        "Look up the compatibility matrix: CUDA vs driver, GPUs, framework builds.\n\n"
        "\b\nExamples:\n"
        "  envcheck matrix cuda 12.4\n"
        "  envcheck matrix driver 535.104.05\n"
        '  envcheck matrix gpu "RTX 4090"\n'
        "  envcheck matrix torch 2.5.1 --json\n"
        '  envcheck matrix recommend --driver 470.82.01 --gpu "Tesla T4" --python 3.10'
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

JSON_OPT = typer.Option(False, "--json", help="Print JSON (stable keys) instead of text.")
PLATFORM_HELP = "linux or windows."


def _matrix() -> Matrix:
    from envcheck.compat import load_matrix

    return load_matrix()


def _out(data: Dict[str, Any], lines: List[str], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(lines))


def _not_in_matrix(what: str, m: Matrix, kind: str, hint: str = "") -> InputError:
    date = m.file_date(kind) or "unknown"
    return InputError(f"{what} is not in the matrix (data from {date}){hint}")


def _resolve_series(query: str, versions: List[str], what: str) -> Tuple[str, Optional[str], str]:
    """(version to look up, how it was read, hint for a miss) for a framework version.

    "2.16" names a release series: it resolves to the newest release of that series in the
    matrix (TF 2.16.0 never shipped; 2.16.1 did) and says so. A full version that is missing
    gets a hint naming what the series does hold.
    """
    from packaging.version import Version

    from envcheck.compat import parse_version

    want = parse_version(query, f"{what} version")
    same = sorted(
        (x for x in versions if Version(x).release[:2] == tuple(want.release[:2])), key=Version
    )
    if not same or want.local or want.is_prerelease or len(want.release) < 2:
        return (query, None, "")
    if len(want.release) == 2:
        newest = same[-1]
        if Version(newest) == want:
            return (query, None, "")
        how = (
            f"{query} is the {query}.x release series; {newest} is its newest release in the matrix"
        )
        return (newest, how, "")
    return (query, None, f"; the matrix has {what} {', '.join(same)}")


def _gpu(m: Matrix, name: str) -> GpuSpec:
    """The GPU a name refers to, or a clean error (unknown, or ambiguous between models)."""
    spec = m.gpu(name)
    if spec is None:
        _, found = m.gpu_candidates(name)
        if found:
            names = ", ".join(f"{e['name']} ({e['compute_capability']})" for e in found)
            raise InputError(f"GPU {name!r} is ambiguous: {names}; give the full name")
        close = m.gpu_suggestions(name)
        hint = f"; did you mean: {'; '.join(close)}?" if close else ""
        raise _not_in_matrix(f"GPU {name!r}", m, "gpus", hint)
    return spec


def _check_platform(platform: str) -> str:
    if platform not in ("linux", "windows"):
        raise InputError(f"--platform must be linux or windows, not {platform!r}")
    return platform


def _sources(*urls: Optional[str]) -> List[str]:
    out: List[str] = []
    for u in urls:
        if u and u not in out:
            out.append(u)
    return out


def _src_lines(urls: List[str]) -> List[str]:
    return [f"  source: {u}" for u in urls]


def _archs_text(cubins: Optional[List[str]], ptx: Optional[List[str]]) -> str:
    if cubins is None:
        return "not in the matrix"
    text = " ".join(cubins + (ptx or [])) or "none"
    return text + (" (PTX not in the matrix)" if ptx is None else "")


def _series(series: Optional[str]) -> str:
    return f"{series}.x (exact version not in the matrix)" if series else "not in the matrix"


def _drv(d: Optional[str], basis: Optional[str] = None) -> str:
    if not d:
        return "not in the matrix"
    if basis == "branch":
        return f">= {d} (the R{d} driver branch or later; NVIDIA prints no exact number)"
    return f">= {d}"


def _basis(entry: Optional[Dict[str, Any]], platform: str) -> Optional[str]:
    """ "exact" (NVIDIA's number), "branch" (only the driver branch is published) or None."""
    if not entry:
        return None
    if (entry.get("min_driver") or {}).get(platform):
        return "exact"
    from envcheck.compat import entry_min_driver

    return "branch" if entry_min_driver(entry, platform) else None


# ---------------------------------------------------------------------------------------------


@matrix_app.command("cuda")
def cuda_cmd(
    version: str = typer.Argument(..., help='Toolkit version: "12.4" (GA) or "12.4.1" (Update 1).'),
    as_json: bool = JSON_OPT,
) -> None:
    """Minimum NVIDIA driver for a CUDA toolkit (Linux, Windows) and the minor-compat minimum.

    \b
    Example:
      envcheck matrix cuda 12.4
      envcheck matrix cuda 12.4.1 --json
    """
    from envcheck.compat import entry_min_driver, parse_version

    parse_version(version, "CUDA version")
    m = _matrix()
    entry, how = m.resolve_toolkit(version)
    if entry is None:
        raise _not_in_matrix(f"CUDA {version}", m, "cuda")
    mc = m.minor_compat_entry(version)
    mc_drv = {p: entry_min_driver(mc, p) for p in ("linux", "windows")}
    archs = m.toolkit_archs(version)
    data = {
        "cuda": version,
        "toolkit": entry["version"],
        "label": entry.get("label"),
        "read_as": how,  # how the query was resolved when it is not plainly a release
        # the exact number NVIDIA prints, else the driver branch it names (see basis)
        "min_driver": {p: entry_min_driver(entry, p) for p in ("linux", "windows")},
        "min_driver_basis": {p: _basis(entry, p) for p in ("linux", "windows")},
        "driver_branch": entry.get("driver_branch"),
        "minor_compat_min_driver": mc_drv,
        "minor_compat_caveats": list((mc or {}).get("caveats") or []),
        "sm": list(archs["sm"]) if archs else None,
        "unconfirmed": list(entry.get("unconfirmed") or []),
        "note": entry.get("note"),
        "checked": entry["checked"],
        "source": entry["source"],
        "sources": _sources(entry["source"], (mc or {}).get("source"), (archs or {}).get("source")),
    }  # fmt: skip
    lines = [
        f"CUDA {entry['version']}" + (f" ({entry['label']})" if entry.get("label") else ""),
        *([f"  read as: {how}"] if how else []),
        "  minimum driver (full compatibility):",
        f"    linux   {_drv(data['min_driver']['linux'], data['min_driver_basis']['linux'])}",
        f"    windows {_drv(data['min_driver']['windows'], data['min_driver_basis']['windows'])}",
    ]
    if mc:
        lines += [
            f"  minimum driver (minor-version compatibility, any CUDA {mc['major']}.x):",
            f"    linux   {_drv(mc_drv['linux'], _basis(mc, 'linux'))}",
            f"    windows {_drv(mc_drv['windows'], _basis(mc, 'windows'))}",
        ]
        lines += [f"    caveat: {c}" for c in data["minor_compat_caveats"]]
    else:
        lines.append("  no minor-version compatibility for this CUDA major")
    if archs:
        lines.append(f"  nvcc builds for: {' '.join('sm_' + s for s in archs['sm'])}")
    if data["unconfirmed"]:
        lines.append(f"  unconfirmed: {', '.join(data['unconfirmed'])}")
    if data["note"]:
        lines.append(f"  note: {data['note']}")
    lines += _src_lines(data["sources"])
    _out(data, lines, as_json)


@matrix_app.command("driver")
def driver_cmd(
    version: str = typer.Argument(..., help="Driver version as nvidia-smi prints it."),
    platform: str = typer.Option("linux", "--platform", help=PLATFORM_HELP),
    as_json: bool = JSON_OPT,
) -> None:
    """Highest CUDA a driver runs, with and without minor-version compatibility.

    \b
    Example:
      envcheck matrix driver 535.104.05
      envcheck matrix driver 552.22 --platform windows --json
    """
    from envcheck.compat import entry_min_driver, parse_version

    parse_version(version, "driver version")
    _check_platform(platform)
    m = _matrix()
    full = m.max_cuda_for_driver(version, platform)
    minor = m.max_cuda_for_driver(version, platform, minor_compat=True)
    full_entry = m.toolkit(full) if full else None
    mc = m.minor_compat_entry(minor) if minor else None
    mc_min = entry_min_driver(mc, platform)
    mc_ok = bool(mc_min and parse_version(version) >= parse_version(mc_min))
    newest = m.toolkit_versions()[-1]
    data = {
        "driver": version,
        "platform": platform,
        "max_cuda": full,
        "max_cuda_label": (full_entry or {}).get("label"),
        "max_cuda_minor_compat": minor,
        "minor_compat_major": mc["major"] if mc_ok else None,
        "minor_compat_min_driver": mc_min if mc_ok else None,
        "minor_compat_caveats": list(mc.get("caveats") or []) if mc_ok else [],
        "newest_cuda_in_matrix": newest,
        "data_date": m.file_date("cuda"),
        "sources": _sources((full_entry or {}).get("source"), (mc or {}).get("source")),
    }
    lines = [f"driver {version} ({platform})"]
    if full:
        label = f" ({data['max_cuda_label']})" if data["max_cuda_label"] else ""
        lines.append(f"  highest CUDA, full compatibility: {full}{label}")
    else:
        lines.append("  highest CUDA, full compatibility: none in the matrix (driver too old)")
    if mc_ok:
        lines.append(
            f"  with minor-version compatibility: {minor} (any CUDA {mc['major']}.x; driver >= "
            f"{data['minor_compat_min_driver']})"
        )
        lines += [f"    caveat: {c}" for c in data["minor_compat_caveats"]]
    else:
        lines.append("  minor-version compatibility adds nothing for this driver")
    if minor == newest:
        lines.append(
            f"  note: {newest} is the newest CUDA in the matrix (data from {data['data_date']}); "
            "newer toolkits may also run"
        )
    lines += _src_lines(data["sources"])
    _out(data, lines, as_json)


@matrix_app.command("gpu")
def gpu_cmd(
    name: str = typer.Argument(..., help="GPU name as NVML, nvidia-smi or a shop spells it."),
    as_json: bool = JSON_OPT,
) -> None:
    """Compute capability and datasheet peaks of a GPU model.

    \b
    Example:
      envcheck matrix gpu "RTX 4090"
      envcheck matrix gpu "NVIDIA H100 80GB HBM3" --json
    """
    m = _matrix()
    spec = _gpu(m, name)
    sm = spec.compute_capability.replace(".", "")
    ranges = _merge_ranges([e["cuda"] for e in m.doc("cuda")["toolkit_archs"] if sm in e["sm"]])
    fields = (
        "memory_bandwidth_gbs", "fp32_tflops", "tf32_tflops", "fp16_tflops", "bf16_tflops",
        "slowdown_temp_c",
    )  # fmt: skip
    data: Dict[str, Any] = {
        "query": name,
        "name": spec.name,
        "compute_capability": spec.compute_capability,
        "architecture": spec.architecture,
        **{f: getattr(spec, f) for f in fields},
        "aliases": list(spec.aliases),
        "matched_by": spec.matched_by,
        "also_matches": list(spec.also_matches),
        "nvcc_cuda_ranges": ranges,
        "unconfirmed": list(spec.unconfirmed),
        # how the facts were read (for maintainers; the text output leaves them out)
        "notes": [spec.note] if spec.note else [],
        "checked": spec.checked,
        "source": spec.source,
        "spec_source": spec.spec_source,
    }
    lines = [f"{spec.name}", f"  compute capability {spec.compute_capability} (sm_{sm})"]
    if spec.architecture:
        lines[-1] += f", {spec.architecture}"
    unknown = []
    for f in fields:
        label, unit = _GPU_LABELS[f]
        value = getattr(spec, f)
        if value is None:
            unknown.append(label)
        else:
            lines.append(f"  {label}: {value:g} {unit}")
    if unknown:
        lines.append(f"  not in the matrix: {', '.join(unknown)}")
    if ranges:
        lines.append(f"  nvcc can build for it: CUDA {', '.join(_range_text(r) for r in ranges)}")
    if spec.also_matches:
        lines.append(
            f"  also matches: {', '.join(spec.also_matches)} (same compute capability; "
            "peaks may differ - give the full name)"
        )
    # `unconfirmed` peaks are the null ones listed above; curation notes stay in --json
    lines += _src_lines(_sources(spec.source, spec.spec_source))
    _out(data, lines, as_json)


_GPU_LABELS = {
    "memory_bandwidth_gbs": ("memory bandwidth", "GB/s"),
    "fp32_tflops": ("FP32", "TFLOPS"),
    "tf32_tflops": ("TF32 tensor (dense)", "TFLOPS"),
    "fp16_tflops": ("FP16 tensor (dense)", "TFLOPS"),
    "bf16_tflops": ("BF16 tensor (dense)", "TFLOPS"),
    "slowdown_temp_c": ("thermal slowdown", "C"),
}
_RANGE_RE = re.compile(r"^>=([0-9.]+),<([0-9.]+)$")


def _merge_ranges(specs: List[str]) -> List[str]:
    """[">=11.0,<11.1", ">=11.1,<11.4"] -> [">=11.0,<11.4"]: adjacent toolkit ranges join."""
    from packaging.version import Version

    out: List[str] = []
    for spec in specs:
        m = _RANGE_RE.match(spec.replace(" ", ""))
        prev = _RANGE_RE.match(out[-1]) if out else None
        if m and prev and Version(prev.group(2)) == Version(m.group(1)):
            out[-1] = f">={prev.group(1)},<{m.group(2)}"
        else:
            out.append(spec)
    return out


def _range_text(spec: str) -> str:
    """ ">=11.0,<13.0" -> "11.0 up to (not including) 13.0"."""
    m = _RANGE_RE.match(spec.replace(" ", ""))
    return f"{m.group(1)} up to (not including) {m.group(2)}" if m else spec


@matrix_app.command("torch")
def torch_cmd(
    version: str = typer.Argument(..., help='PyTorch version, e.g. "2.5.1" or "2.5.1+cu121".'),
    platform: Optional[str] = typer.Option(
        None, "--platform", help="Only builds for linux/windows."
    ),
    as_json: bool = JSON_OPT,
) -> None:
    """PyTorch CUDA builds (index URLs, architectures), Python range, torchvision/torchaudio.

    \b
    Example:
      envcheck matrix torch 2.5.1
      envcheck matrix torch 2.5.1+cu121 --json
    """
    from envcheck.compat import parse_version

    v = parse_version(version, "PyTorch version")
    if platform is not None:
        _check_platform(platform)
    m = _matrix()
    lookup, how, hint = _resolve_series(v.public, [r.version for r in m.torch_releases()], "torch")
    release = m.torch_release(lookup)
    if release is None:
        raise _not_in_matrix(f"torch {version}", m, "torch", hint)
    variants = list(release.variants)
    if v.local:
        tag = v.local.split(".")[0]
        variants = [x for x in variants if x.tag == tag]
        if not variants:
            raise _not_in_matrix(f"torch {version}", m, "torch")
    if platform:
        variants = [x for x in variants if x.on_platform(platform) is not False]
    rows = []
    for x in variants:
        row = {
            "tag": x.tag,
            "cuda": x.cuda,
            "index_url": x.index_url,
            "pypi_default": x.tag == release.pypi_default,
            "arch_list": list(x.arch_list) if x.arch_list is not None else None,
            "ptx": list(x.ptx) if x.ptx_confirmed else None,
            "arch_list_windows": (
                list(x.arch_list_windows) if x.arch_list_windows is not None else None
            ),
            "ptx_windows": list(x.ptx_windows) if x.ptx_windows is not None else None,
            "cudnn": x.cudnn,
            "nccl": x.nccl,
            "platforms": list(x.platforms) if x.platforms is not None else None,
            "min_driver": None,
            "note": x.note,
        }
        if x.cuda:
            row["min_driver"] = {
                "linux": m.min_driver(x.cuda, "linux"),
                "windows": m.min_driver(x.cuda, "windows"),
                "minor_compat_linux": m.minor_compat_min_driver(x.cuda, "linux"),
                "minor_compat_windows": m.minor_compat_min_driver(x.cuda, "windows"),
            }
        rows.append(row)
    data = {
        "version": release.version,
        "query": version,
        "read_as": how,
        "python": release.python,
        "torchvision": release.torchvision,
        "torchaudio": release.torchaudio,
        "torchvision_series": release.torchvision_series,
        "pypi_default": release.pypi_default,
        "variants": rows,
        "unconfirmed": list(release.unconfirmed),
        "note": release.note,
        "checked": release.checked,
        "source": release.source,
    }
    lines = [
        f"torch {release.version}",
        *([f"  read as: {how}"] if how else []),
        f"  Python {release.python}",
        f"  torchvision {release.torchvision or _series(release.torchvision_series)}, "
        f"torchaudio {release.torchaudio or 'not in the matrix'}",
        f"  default on PyPI: {release.pypi_default or 'not in the matrix'}",
        "  builds:",
    ]
    for row in rows:
        head = f"    {row['tag']:<7}"
        if row["cuda"]:
            md = row["min_driver"]
            head += f" CUDA {row['cuda']}; driver {_drv(md['linux'])} (Linux)"
            if md["minor_compat_linux"]:
                head += f", {_drv(md['minor_compat_linux'])} via minor compat"
        else:
            head += " CPU only"
        lines.append(head)
        if row["index_url"]:
            lines.append(f"            index: {row['index_url']}")
        if row["cuda"]:
            lines.append(f"            archs: {_archs_text(row['arch_list'], row['ptx'])}")
            if row["arch_list_windows"] is not None:
                win = _archs_text(row["arch_list_windows"], row["ptx_windows"] or [])
                lines.append(f"            archs (Windows wheels): {win}")
            extras = [f"{k} {row[k]}" for k in ("cudnn", "nccl") if row[k]]
            if extras:
                lines.append(f"            bundles: {', '.join(extras)}")
        if row["platforms"]:
            lines.append(f"            platforms: {', '.join(row['platforms'])}")
    if release.unconfirmed:
        lines.append(f"  unconfirmed: {', '.join(release.unconfirmed)}")
    if release.note:
        lines.append(f"  note: {release.note}")
    lines += _src_lines([release.source])
    _out(data, lines, as_json)


@matrix_app.command("tensorflow")
def tensorflow_cmd(
    version: str = typer.Argument(..., help='TensorFlow version, e.g. "2.15".'),
    as_json: bool = JSON_OPT,
) -> None:
    """TensorFlow tested GPU build configurations (Python, CUDA, cuDNN, platform).

    \b
    Example:
      envcheck matrix tensorflow 2.15
    """
    from envcheck.compat import parse_version

    parse_version(version, "TensorFlow version")
    m = _matrix()
    lookup, how, hint = _resolve_series(version, m.tensorflow_versions(), "tensorflow")
    rel = m.tensorflow_release(lookup)
    if rel is None:
        raise _not_in_matrix(f"tensorflow {version}", m, "tensorflow", hint)
    builds = [
        {
            "version": b.version,
            "python": b.python,
            "cuda": b.cuda,
            "cudnn": b.cudnn,
            "platform": b.platform,
            "pip_extra_cuda": b.pip_extra_cuda,
            "min_driver": (
                {"linux": m.min_driver(b.cuda, "linux"),
                 "minor_compat_linux": m.minor_compat_min_driver(b.cuda, "linux")}
                if b.cuda else None
            ),
            "note": b.note,
            "checked": b.checked,
            "source": b.source,
        }
        for b in rel.builds
    ]  # fmt: skip
    data = {"version": rel.version, "query": version, "read_as": how, "builds": builds,
            "notes": list(rel.notes),
            "sources": _sources(*(b["source"] for b in builds))}  # fmt: skip
    lines = [f"tensorflow {rel.version}", *([f"  read as: {how}"] if how else [])]
    for b in builds:
        what = f"CUDA {b['cuda']}, cuDNN {b['cudnn'] or '?'}" if b["cuda"] else "CPU only"
        extra = "; pip install 'tensorflow[and-cuda]'" if b["pip_extra_cuda"] else ""
        lines.append(f"  {b['platform'] or 'any platform'}: Python {b['python']}; {what}{extra}")
        md = b["min_driver"]
        if md and (md["linux"] or md["minor_compat_linux"]):
            via = md["minor_compat_linux"]
            lines.append(
                f"    driver {_drv(md['linux'])} (Linux)"
                + (f", {_drv(via)} via minor compat" if via else "")
            )
        if b["note"]:
            lines.append(f"    note: {b['note']}")
    lines += [f"  note: {n}" for n in rel.notes]
    lines += _src_lines(data["sources"])
    _out(data, lines, as_json)


@matrix_app.command("jax")
def jax_cmd(
    version: str = typer.Argument(..., help='JAX version, e.g. "0.4.30".'),
    as_json: bool = JSON_OPT,
) -> None:
    """JAX / jaxlib and the CUDA plugins: CUDA, cuDNN and minimum driver.

    \b
    Example:
      envcheck matrix jax 0.4.30
    """
    from envcheck.compat import parse_version

    parse_version(version, "JAX version")
    m = _matrix()
    lookup, how, hint = _resolve_series(
        version, [r["jax"] for r in m.doc("jax")["releases"]], "jax"
    )
    rel = m.jax_release(lookup)
    if rel is None:
        raise _not_in_matrix(f"jax {version}", m, "jax", hint)
    plugins = [
        {"name": p.name, "cuda": p.cuda, "cudnn": p.cudnn, "min_driver_linux": p.min_driver_linux}
        for p in rel.plugins
    ]
    data = {
        "jax": rel.jax,
        "query": version,
        "read_as": how,
        "jaxlib": rel.jaxlib,
        "python": rel.python,
        "plugins": plugins,
        "note": rel.note,
        "checked": rel.checked,
        "source": rel.source,
    }
    lines = [
        f"jax {rel.jax} (jaxlib {rel.jaxlib or 'not in the matrix'})",
        *([f"  read as: {how}"] if how else []),
        f"  Python {rel.python}",
    ]
    for p in plugins:
        lines.append(
            f"  {p['name']}: CUDA {p['cuda'] or '?'}, cuDNN {p['cudnn'] or '?'}, "
            f"driver {_drv(p['min_driver_linux'])} (Linux)"
        )
    if not plugins:
        lines.append("  no CUDA plugin data for this release")
    if rel.note:
        lines.append(f"  note: {rel.note}")
    lines += _src_lines([rel.source])
    _out(data, lines, as_json)


def build_json(build: Build) -> Dict[str, Any]:
    return {
        "framework": build.framework,
        "version": build.version,
        "tag": build.tag,
        "cuda": build.cuda,
        "index_url": build.index_url,
        "packages": {name: version for name, version in build.packages},
        "pip_install": "pip install " + " ".join(build.pip_args),
        "driver_mode": build.driver_mode,
        "caveat": build.caveat,
        "source": build.source,
    }


def _cuda_of(build: Build) -> str:
    """The build's CUDA for the one-line answer; never "CUDA None"."""
    if build.cuda:
        return f"CUDA {build.cuda}"
    return "CPU only" if build.tag == "cpu" else "CUDA version not in the matrix"


@matrix_app.command("recommend")
def recommend_cmd(
    driver: Optional[str] = typer.Option(None, "--driver", help="NVIDIA driver version."),
    gpu: Optional[List[str]] = typer.Option(None, "--gpu", help="GPU name (repeat for more)."),
    cc: Optional[List[str]] = typer.Option(
        None, "--cc", help="Compute capability instead of a name, e.g. 8.6 (repeatable)."
    ),
    python: Optional[str] = typer.Option(None, "--python", help="Python version, e.g. 3.10."),
    framework: str = typer.Option("torch", "--framework", help="torch, tensorflow or jax."),
    platform: str = typer.Option("linux", "--platform", help=PLATFORM_HELP),
    driver_cuda: Optional[str] = typer.Option(
        None,
        "--driver-cuda",
        help="Highest CUDA the driver runs (nvidia-smi's 'CUDA Version'), when the driver "
        "version itself is unknown.",
    ),
    show_all: bool = typer.Option(
        False, "--all", help="List every newer build passed over, with the reasons."
    ),
    as_json: bool = JSON_OPT,
) -> None:
    """The newest framework build for a host, and why newer ones do not run or cannot be told.

    Builds passed over are split into "will not run" (a proven reason: driver too old, no
    kernels for the GPU, Python outside the range, a cuDNN or CUDA floor) and "cannot tell"
    (a fact is missing: an arch list not in the matrix). A driver that cannot drive the GPU at
    all rules out every build. Inputs left out are not checked (the answer says so).
    Short by default (best, runner-up, counts); --all lists every build passed over.
    Exit 0 when a build fits, 1 when none in the matrix does, 2 on bad input.

    \b
    Example:
      envcheck matrix recommend --driver 470.82.01 --gpu "Tesla T4" --python 3.10
      envcheck matrix recommend --driver 550.54.14 --cc 12.0 --json
    """
    _check_platform(platform)
    m = _matrix()
    gpus = []
    for name in gpu or []:
        spec = _gpu(m, name)
        gpus.append({"name": spec.name, "compute_capability": spec.compute_capability})
    ccs = [g["compute_capability"] for g in gpus] + list(cc or [])
    rec = m.recommend(framework, driver, sorted(set(ccs)), python, platform, driver_cuda)
    data = {
        "framework": framework,
        "inputs": {"driver": driver, "driver_cuda": driver_cuda, "gpus": gpus,
                   "compute_capabilities": sorted(set(ccs)), "python": python,
                   "platform": platform},
        "best": build_json(rec.best) if rec.best else None,
        "runner_up": build_json(rec.runner_up) if rec.runner_up else None,
        "blocked": rec.blocked,
        "rejected": [{"build": build_json(b), "reasons": r} for b, r in rec.rejected],
        "cannot_tell": [{"build": build_json(b), "missing": r} for b, r in rec.cannot_tell],
        "notes": rec.notes,
    }  # fmt: skip
    unchecked = [n for n in rec.notes if "not checked" in n or "bounded" in n]
    lines = []
    if rec.best:
        b = rec.best
        mode = " (through minor-version compatibility)" if b.driver_mode == "minor-compat" else ""
        head = (
            f"newest {framework} build that runs here"
            if not unchecked
            else f"newest {framework} build for the facts given (not all were given: see notes)"
        )
        lines += [
            f"{head}: {b.describe()}, {_cuda_of(b)}{mode}",
            f"  pip install {' '.join(b.pip_args)}",
        ]
        if b.caveat and show_all:
            lines.append(f"  caveat: {b.caveat}")
        elif b.caveat:
            lines.append("  caveat: minor-version compatibility has limits (--all shows them)")
        lines.append(f"  source: {b.source}")
        if rec.runner_up:
            lines.append(f"runner-up: {rec.runner_up.describe()}, {_cuda_of(rec.runner_up)}")
    else:
        lines.append(f"no {framework} build in the matrix runs here")
    for why in rec.blocked:
        lines.append(f"will not run at all: {why}")
    newer = "newer builds" if rec.best else "builds"
    for label, items in (("will not run", rec.rejected), ("cannot tell", rec.cannot_tell)):
        if not items:
            continue
        if show_all:
            lines.append(
                f"{newer} that {label} here:"
                if label == "will not run"
                else f"{newer} envcheck cannot tell about (a fact is missing):"
            )
            lines += [f"  {b.describe()}: {'; '.join(r)}" for b, r in items]
        else:
            first_b, first_r = items[0]
            lines.append(
                f"{len(items)} {newer} {label}"
                + (" here" if label == "will not run" else " (a fact is missing)")
                + f", e.g. {first_b.describe()}: {first_r[0]}"
            )
    if not show_all and (rec.rejected or rec.cannot_tell):
        lines.append("(--all lists every build and reason)")
    lines += [f"note: {n}" for n in rec.notes]
    _out(data, lines, as_json)
    if rec.best is None:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `envcheck matrix ...` to the app."""
    app.add_typer(matrix_app, name="matrix")
