"""Packages made for one release of another: a companion pinned to a framework release
(EC233, from data) and an extension whose build tag names the torch it was built for (EC234).

Extensions and companions are compiled against one framework release, and their metadata or
wheel names say which: xformers 0.0.19 requires torch==2.0.0, torch 2.1's wheel requires
triton==2.1.0, TensorFlow 2.6-2.15 require the keras of their own minor release, a PyG wheel
``torch_scatter 2.1.2+pt21cu121`` and a FlashAttention wheel ``...+cu122torch2.3cxx11abiFALSE``
name the torch minor release they were built for. With another release they fail at import
(undefined symbols, missing attributes) or in the compiler. The pins are data
(compat_data/floors.json ``pins``, each with its source); the build tags are read from the
version itself.
"""

from __future__ import annotations

import re
import shlex
from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot

# the facts that carry a framework's version besides its "package:<name>" reading
_VERSION_FACTS = {
    "torch": "torch.version",
    "tensorflow": "tensorflow.version",
    "jax": "jax.version",
}


def _facts_of(name: str) -> Tuple[str, ...]:
    own = _VERSION_FACTS.get(name)
    return (f"package:{name}",) + ((own,) if own else ())


def _hedged(snap: Snapshot, names: Tuple[str, ...], judged: Dict[str, str]) -> Tuple[str, Any]:
    """(a note for ``found``, a severity override) when the versions compared are not one
    environment's for sure: a text stating several releases of one of them ("fails on 2.0.1,
    works on 2.0.0"), or versions read only from sentences."""
    for name in names:
        fact = _VERSION_FACTS.get(name, f"package:{name}")
        several = c.stated_values(snap, fact)
        if several:
            return (
                f" (the text states {name} as {' and '.join(several)}: judged with {judged[name]})",
                "warning",
            )
    facts = tuple(f for name in names for f in _facts_of(name))
    if c.only_in_prose(snap, facts):
        return " (both versions read from prose, not a package list)", "warning"
    return "", None


def _only_tf_keras_used(snap: Snapshot) -> bool:
    """The text shows a program using TensorFlow's own Keras (tf.keras) and never the
    standalone package: a standalone Keras that does not fit the TensorFlow is installed, not
    at work (issue 10: severity follows whether the component does the work)."""
    uses = {
        str(f.get("value"))
        for f in c.pasted_evidence(snap).get("keras_uses") or []
        if isinstance(f, dict)
    }
    return uses == {"tf.keras"}


# TensorFlow's other distributions carry the same release under another name
_SAME_AS = {
    "tensorflow": ("tensorflow-gpu", "tensorflow-cpu", "tensorflow-macos", "tensorflow-intel")
}
_CANONICAL = {alias: name for name, aliases in _SAME_AS.items() for alias in aliases}
# the local tags of a project's own published builds ("2.1.0+cu121"); others ("2.3.0a0+40ec155"
# from NGC, "+git..." from a source tree) are builds whose requirements were not the wheel's
_PUBLISHED_TAG = re.compile(r"^(?:cu\d+|cpu|rocm[\d.]+|xpu)$")


def _published_release(version: str) -> bool:
    """A final release as its project published it: a pre-release, a nightly or a build of
    another maker (NGC's "2.3.0a0+40ec155e58.nv24.3") pins other releases, or none."""
    v = c.vparse(version)
    if v is None or v.is_prerelease or v.is_devrelease:
        return False
    tag = c.local_tag(version)
    return tag is None or bool(_PUBLISHED_TAG.match(tag))


def _installed_as(pkgs: Dict[str, str], name: str) -> Tuple[str, Optional[str]]:
    """(the name it is installed under, its version) for ``name`` or one of its aliases."""
    for candidate in (name,) + _SAME_AS.get(name, ()):
        if pkgs.get(candidate):
            return candidate, pkgs[candidate]
    return name, None


def _pin_fix(matrix: Any, entry: Dict[str, Any], have_needed: str) -> str:
    """Install what the pin asks for; for a package pinned to its framework, first the
    package's own release made for the installed framework when the data names one."""
    pkg, needs = entry["package"], entry["needs"]
    made_for = c.ask(matrix, "pinned_releases", pkg, needs, c.public(have_needed)) or []
    keep = "pip install " + shlex.quote(needs + entry["needs_versions"])
    if made_for:
        return (
            f"pip install {shlex.quote(f'{pkg}=={made_for[0]}')} (the {pkg} release made for "
            f"{needs} {c.public(have_needed)}), or: {keep}"
        )
    return keep


@check(
    "EC233",
    category="framework-pairing",
    severity="error",
    title="A package pinned to another release of its framework",
    rationale="""
Many packages are built for, and pin, one release of another: each xformers wheel requires the
exact torch it was compiled against (xformers 0.0.19: torch==2.0.0) [S1]; torch's Linux wheels
pin the triton that torch.compile/inductor was written for (torch 2.1.0: triton==2.1.0) [S2];
TensorFlow 2.6-2.15 depend on the keras of their own minor release [S3]. pip warns ("xformers
0.0.19 requires torch==2.0.0, but you have torch 2.0.1") but installs anyway, and the pair then
fails at import (undefined symbols, "cannot import name", missing attributes). The pins, each
with its source, are data (compat_data/floors.json "pins").
[S1] https://github.com/facebookresearch/xformers/releases
[S2] https://github.com/pytorch/builder/pull/1533
[S3] https://github.com/tensorflow/tensorflow/releases""",
    fix="Install the release of the package made for the installed framework, or the framework "
    "release the package pins.",
)
def pinned_to_another_release(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    judged = False
    for name, version in sorted(pkgs.items()):
        if not _published_release(version):
            continue
        for entry, needs, have, met in _pins_judged(matrix, pkgs, name, version):
            judged = True
            if met:
                continue
            note, severity = _hedged(snap, (name, needs), {name: version, needs: have})
            if name == "keras" and needs == "tensorflow" and _only_tf_keras_used(snap):
                note += " (the program uses tf.keras: standalone Keras is not shown in use)"
                severity = "warning"
            yield spec.finding(
                expected=f"{entry['needs']}{entry['needs_versions']} for {name} "
                f"{c.public(version)}",
                found=f"{name} {version} with {needs} {have}{note}",
                severity=severity or entry["severity"],
                fix=_pin_fix(matrix, entry, have),
                evidence=_pin_evidence(entry, name, version, needs, have),
            )
    # releases an install command in the text asks for ("Collecting xformers==0.0.19", "pip
    # install xformers==0.0.19") whose pins exclude the installed framework: pip replaces the
    # framework with the pinned one (often a build for another CUDA, or a CPU one)
    for req in c.pasted_evidence(snap).get("package_requests") or []:
        name, _, version = str(req.get("value", "") if isinstance(req, dict) else "").partition(
            "=="
        )
        if not version or pkgs.get(name) == version or not _published_release(version):
            continue
        for entry, needs, have, met in _pins_judged(matrix, pkgs, name, version):
            judged = True
            if met:
                continue
            yield spec.finding(
                expected=f"{name} {version} installed beside the {entry['needs']} it pins "
                f"({entry['needs']}{entry['needs_versions']})",
                found=f"the text installs {name}=={version} (line {req.get('line', '?')}) with "
                f"{needs} {have} installed: pip replaces {needs} with the release {name} pins, "
                "or the pair fails at import",
                severity="warning",
                fix=_pin_fix(matrix, entry, have),
                evidence=_pin_evidence(entry, name, version, needs, have),
            )
    if not judged:
        raise c.not_applicable("no installed pair that the pins data covers")


def _pins_judged(
    matrix: Any, pkgs: Dict[str, str], name: str, version: str
) -> Iterator[Tuple[Dict[str, Any], str, str, bool]]:
    """(pin entry, the name the needed package is installed under, its version, whether the
    pin is met) for each pin of ``name`` ``version`` whose needed package is installed."""
    from envcheck.compat import in_spec  # lazy, as in the other check families

    for entry in c.ask(matrix, "package_pins", _CANONICAL.get(name, name), c.public(version)) or []:
        needs, have = _installed_as(pkgs, entry["needs"])
        have_v = c.vparse(c.public(have)) if have else None
        if have is None or have_v is None:
            continue
        yield entry, needs, have, in_spec(have_v, entry["needs_versions"], prereleases=True)


def _pin_evidence(
    entry: Dict[str, Any], name: str, version: str, needs: str, have: str
) -> Dict[str, Any]:
    return {name: version, needs: have, "needs": entry["needs_versions"], "source": entry["source"]}


# The torch release in a build's local version: PyG's "+pt21cu121" / "+pt113cpu" (torch 2.1,
# 1.13: its wheel index is one page per torch release) and the "+cu122torch2.3cxx11abiFALSE"
# of FlashAttention / mamba / flashinfer release wheels (torch major.minor).
_PYG_TAG = re.compile(r"^pt(\d)(\d{1,2})(?:cu\d+|cpu)$", re.I)
_TORCH_IN_TAG = re.compile(r"(?:^|cu\d+)torch(\d+)\.(\d+)", re.I)


def built_for_torch(version: str) -> Optional[Tuple[int, int]]:
    """The torch (major, minor) a build's local version names, or None."""
    tag = c.local_tag(version)
    if not tag:
        return None
    m = _PYG_TAG.match(tag) or _TORCH_IN_TAG.search(tag)
    return (int(m.group(1)), int(m.group(2))) if m else None


# Builds a project says run on a later torch release: FlashInfer's maintainers, "Torch 2.4 and
# Torch 2.5 are ABI compatible, so the FlashInfer wheel for Torch 2.4 can be used directly"
# (flashinfer-ai/flashinfer#689; not 2.5 and 2.6, #771). SGLang 0.3.x installed exactly that pair.
_ABI_COMPATIBLE = {("flashinfer", (2, 4), (2, 5))}

_ABI_IN_TAG = re.compile(r"cxx11abi(true|false)\b", re.I)
_NGC_TORCH = re.compile(r"a0\+[0-9a-f]{7,}$")


def _pip_torch_abi(torch: str) -> Optional[Tuple[bool, bool]]:
    """(uses the C++11 ABI, sure) for torch's own Linux builds: the PyPI and PyTorch-index
    wheels were pre-C++11 ABI up to 2.5 and C++11 ABI from 2.7 (pytorch/pytorch#143962,
    #149550; in 2.6 only the cu126 builds, #142064); NVIDIA's NGC builds ("2.1.0a0+32f93b1")
    use the C++11 ABI. ``sure`` is False for a version without a local tag, which may be a
    conda-forge build (C++11 ABI); None when the version cannot be read."""
    if _NGC_TORCH.search(torch):
        return True, True
    mm = c.major_minor(c.public(torch))
    if mm is None:
        return None
    tag = c.local_tag(torch)
    if mm == (2, 6):
        if tag is None:
            return None
        return tag == "cu126", True
    return mm >= (2, 7), tag is not None


def _abi_finding(spec: CheckSpec, name: str, version: str, torch: str) -> Optional[Finding]:
    """A finding when a build tag's cxx11abi flag differs from the C++ ABI of torch's build."""
    m = _ABI_IN_TAG.search(c.local_tag(version) or "")
    torch_abi = _pip_torch_abi(torch)
    if m is None or torch_abi is None:
        return None
    wheel_abi = m.group(1).lower() == "true"
    uses, sure = torch_abi
    if wheel_abi == uses:
        return None
    hedge = "" if sure else " (if torch is a PyPI wheel: conda-forge builds use the C++11 ABI)"
    return spec.finding(
        expected=f"{name} built with the C++ ABI of torch {torch} "
        f"(cxx11abi{'TRUE' if uses else 'FALSE'})",
        found=f"{name} {version} is a cxx11abi{'TRUE' if wheel_abi else 'FALSE'} build{hedge}",
        severity=None if sure else "warning",
        fix=_rebuild_fix(name, torch),
        evidence={name: version, "torch": torch},
    )


def _rebuild_fix(name: str, torch: str) -> str:
    mm = c.major_minor(c.public(torch))
    tag = c.local_tag(torch)
    if name.startswith(("torch-", "pyg-")) and mm is not None:
        # one PyG page per torch minor release, named for its X.Y.0 (the README: "for PyTorch
        # 2.1.0/2.1.1/2.1.2"); the CUDA part is torch's own (cu121, cpu)
        cuda = tag if tag and re.fullmatch(r"cu\d+|cpu", tag) else None
        page = f"https://data.pyg.org/whl/torch-{mm[0]}.{mm[1]}.0+{cuda or '${CUDA}'}.html"
        where = "" if cuda else " (${CUDA}: cu121 for torch.version.cuda 12.1, or cpu)"
        return f"pip install --force-reinstall {shlex.quote(name)} -f {page}{where}"
    if name.startswith("mmcv") and mm is not None:
        # OpenMMLab's pages are per torch major.minor ("mmcv is only compiled on PyTorch
        # 1.x.0 ... you can install mmcv compiled with PyTorch 1.x.0", its installation guide)
        cuda = tag if tag and re.fullmatch(r"cu\d+|cpu", tag) else "${CUDA}"
        page = f"https://download.openmmlab.com/mmcv/dist/{cuda}/torch{mm[0]}.{mm[1]}/index.html"
        return f"pip install --force-reinstall mmcv -f {page}"
    want = f"torch{mm[0]}.{mm[1]}" if mm else "the installed torch"
    return (
        f"Install the {name} wheel whose name carries {want} (and torch's CUDA major), or build "
        f"it against the installed torch: pip install --no-build-isolation --no-binary "
        f"{shlex.quote(name)} {shlex.quote(name)}"
    )


@check(
    "EC234",
    category="framework-pairing",
    severity="error",
    title="An extension built for another torch release",
    rationale="""
Compiled torch extensions work only with the torch minor release they were built against: the
C++ ABI of torch changes between releases, and a mismatch fails at import with "undefined
symbol" errors. Their builds say which: PyG publishes one wheel index per torch release
(data.pyg.org/whl/torch-2.1.0+cu121.html) and tags its wheels "+pt21cu121" [S1]; FlashAttention
release wheels are named "+cu122torch2.3cxx11abiFALSE", torch's major.minor and C++ ABI [S2],
as are mamba and flashinfer wheels. The tag is the build's own word, so no data is needed. The
C++ ABI of torch's own Linux wheels: pre-C++11 up to 2.5, C++11 from 2.7 (in 2.6 the cu126
builds only) [S3]; NGC containers' builds use the C++11 ABI.
[S1] https://github.com/pyg-team/pytorch_geometric#installation
[S2] https://github.com/Dao-AILab/flash-attention/blob/main/setup.py
[S3] https://github.com/pytorch/pytorch/issues/143962""",
    fix="Reinstall the extension from the wheel built for the installed torch, or rebuild it "
    "against the installed torch.",
)
def extension_built_for_another_torch(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    torch = pkgs.get("torch")
    have = c.major_minor(c.public(torch)) if torch else None
    tagged = [(n, v, built_for_torch(v)) for n, v in sorted(pkgs.items()) if n != "torch"]
    tagged = [(n, v, t) for n, v, t in tagged if t is not None]
    pages = [p for p in c.pasted_evidence(snap).get("wheel_pages") or [] if isinstance(p, dict)]
    if not tagged and not pages:
        raise c.not_applicable("no installed extension names the torch it was built for")
    if have is None:
        raise SkipCheck("the torch version is unknown (pip show torch would tell)")
    problems: List[Finding] = []
    for page in pages:
        built = c.major_minor(str(page.get("value", "")))
        family = str(page.get("fact", "")).partition(":")[2] or "extension"
        if built is None or built == have:
            continue
        problems.append(
            spec.finding(
                expected=f"{family} wheels from the page for torch {have[0]}.{have[1]}",
                found=f"the text installs {family} wheels from the page for torch "
                f"{built[0]}.{built[1]} (line {page.get('line', '?')}); torch is {torch}",
                # a page quoted is not always the one used: a warning
                severity="warning",
                fix=_rebuild_fix("torch-scatter" if family == "pyg" else family, torch),  # type: ignore[arg-type]
                evidence={"wheel_page": page.get("text", ""), "torch": torch},
            )
        )
    for name, version, built in tagged:
        if (name.replace("_", "-").removesuffix("-python"), built, have) in _ABI_COMPATIBLE:
            continue
        if built == have:
            abi = _abi_finding(spec, name, version, str(torch))
            if abi is not None:
                problems.append(abi)
            continue
        note, severity = _hedged(snap, (name, "torch"), {name: version, "torch": torch})  # type: ignore[dict-item]
        problems.append(
            spec.finding(
                expected=f"{name} built for torch {have[0]}.{have[1]}",
                found=f"{name} {version} was built for torch {built[0]}.{built[1]}; torch is "
                f"{torch}{note}",
                severity=severity,
                fix=_rebuild_fix(name, torch),  # type: ignore[arg-type]
                evidence={name: version, "torch": torch},
            )
        )
    yield from problems
