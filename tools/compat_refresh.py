"""Compare compat_data/ with the package index's own metadata and print what differs.

A maintainer tool (not shipped in the wheel). It reads PyPI's JSON API
(https://pypi.org/pypi/NAME/json: every release with its upload time and its files'
Requires-Python, and the newest release's Requires-Dist from its METADATA) for the frameworks
and NVIDIA library wheels envcheck knows, and proposes changes with the exact evidence for each.
The per-release documents (NAME/VERSION/json) and PEP 658 metadata files were not served by
the index reachable when this was written (404), so Requires-Dist pins are compared for each
package's newest release only. It never
edits compat_data/: a person checks the proposal and commits it with the source.

    python tools/compat_refresh.py                    # live index
    python tools/compat_refresh.py --json             # machine-readable
    python tools/compat_refresh.py --offline DIR      # recorded responses (tests)
    python tools/compat_refresh.py --record DIR       # save what was read, trimmed
    python tools/compat_refresh.py --data DIR         # compare another copy of compat_data/

Exit codes: 0 nothing differs, 1 differences found, 2 the index or the data could not be read.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

DATA = Path(__file__).resolve().parent.parent / "compat_data"
INDEX = "https://pypi.org/pypi"
# Releases older than the oldest one in the data are history, not news.
PACKAGES = (
    "torch",
    "torchvision",
    "tensorflow",
    "jax",
    "jax-cuda12-plugin",
    "jax-cuda13-plugin",
    "nvidia-cudnn-cu12",
    "nvidia-cudnn-cu13",
    "nvidia-nccl-cu12",
    "nvidia-nccl-cu13",
)


@dataclass
class Difference:
    package: str
    what: str  # one line: what differs
    data: str  # what compat_data says
    index: str  # what the index says
    evidence: str  # URL of the index document that says it

    def line(self) -> str:
        return (
            f"{self.package}: {self.what}\n    data:  {self.data}\n    index: {self.index}\n"
            f"    evidence: {self.evidence}"
        )


class Index:
    """The JSON API, live or from recorded files (<dir>/<name>.json, <name>-<version>.json)."""

    def __init__(self, offline: Optional[Path], record: Optional[Path], timeout: float) -> None:
        self.offline = offline
        self.record = record
        self.timeout = timeout

    def project(self, name: str) -> Optional[Dict[str, Any]]:
        return self._get(name, f"{INDEX}/{name}/json")

    def _get(self, key: str, url: str) -> Optional[Dict[str, Any]]:
        if self.offline is not None:
            path = self.offline / f"{key}.json"
            return json.loads(path.read_text()) if path.exists() else None
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as resp:
                doc = json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return None
            raise
        if self.record is not None:
            self.record.mkdir(parents=True, exist_ok=True)
            (self.record / f"{key}.json").write_text(json.dumps(_trim(doc), indent=1) + "\n")
        return doc


def _trim(doc: Dict[str, Any]) -> Dict[str, Any]:
    """Keep what the comparison reads, so recorded fixtures stay small."""
    info = doc.get("info") or {}
    out: Dict[str, Any] = {
        "info": {k: info.get(k) for k in ("name", "version", "requires_python", "requires_dist")}
    }
    if "releases" in doc:
        out["releases"] = {
            v: [
                {
                    "upload_time": f.get("upload_time"),
                    "yanked": f.get("yanked", False),
                    "requires_python": f.get("requires_python"),
                    # the interpreter tags of all the release's wheels ("cp39", "py3"): which
                    # Pythons get a wheel, which Requires-Python alone does not say
                    "python_tags": _python_tags(fs),
                }
                for f in fs[:1]
            ]
            for v, fs in doc["releases"].items()
        }
    if "urls" in doc:
        out["urls"] = [
            {"filename": f.get("filename"), "upload_time": f.get("upload_time")}
            for f in doc["urls"][:3]
        ]
    return out


_WHEEL_RE = re.compile(r"^[^-]+-[^-]+(?:-\d[^-]*)?-([^-]+)-[^-]+-[^-]+\.whl$")


def _python_tags(files: List[Dict[str, Any]]) -> List[str]:
    tags = set()
    for f in files:
        m = _WHEEL_RE.match(str(f.get("filename") or ""))
        if m:
            tags.update(m.group(1).split("."))
    return sorted(tags)


def _cp_versions(project: Dict[str, Any], v: Version) -> List[Version]:
    """CPython minor versions the release has wheels for (cp39 -> 3.9); [] when unknown or
    pure-Python (py3 wheels)."""
    out = set()
    for text, files in (project.get("releases") or {}).items():
        if text != str(v):
            continue
        for f in files:
            for tag in f.get("python_tags") or _python_tags([f]):
                m = re.fullmatch(r"cp3(\d+)", tag)
                if m:
                    out.add(Version(f"3.{m.group(1)}"))
    return sorted(out)


def _final_releases(project: Dict[str, Any]) -> List[Version]:
    out = []
    for text, files in (project.get("releases") or {}).items():
        try:
            v = Version(text)
        except InvalidVersion:
            continue
        if v.is_prerelease or v.is_devrelease or not files:
            continue
        if all(f.get("yanked") for f in files):
            continue
        out.append(v)
    return sorted(out)


def _requires_python(project: Dict[str, Any], v: Version) -> Optional[str]:
    for text, files in (project.get("releases") or {}).items():
        if text == str(v):
            for f in files:
                if f.get("requires_python"):
                    return str(f["requires_python"])
    return None


def _latest_release(project: Dict[str, Any], version: str) -> Optional[Dict[str, Any]]:
    """The project document stands for its newest release only (info.requires_dist)."""
    info = project.get("info") or {}
    return project if info.get("version") == version else None


def _uploaded(project: Dict[str, Any], v: Version) -> str:
    for text, files in (project.get("releases") or {}).items():
        if text == str(v) and files:
            return str(files[0].get("upload_time") or "?")[:10]
    return "?"


def _requirements(release: Optional[Dict[str, Any]]) -> Dict[str, Requirement]:
    out: Dict[str, Requirement] = {}
    for text in ((release or {}).get("info") or {}).get("requires_dist") or []:
        try:
            req = Requirement(text)
        except InvalidRequirement:
            continue
        if req.marker is not None and "extra" in str(req.marker):
            continue
        out[req.name.lower().replace("_", "-")] = req
    return out


def _pin(req: Optional[Requirement]) -> Optional[str]:
    if req is None:
        return None
    for spec in req.specifier:
        if spec.operator == "==":
            return spec.version.split("+")[0]
    return None


def _load(kind: str) -> Dict[str, Any]:
    return json.loads((DATA / f"{kind}.json").read_text())


def _python_differences(
    package: str, version: str, spec: Optional[str], project: Dict[str, Any]
) -> List[Difference]:
    """The data's Python range against the release's wheels (CPython tags) or, for pure-Python
    releases, its Requires-Python. Requires-Python is only a floor the project declares: torch
    2.5 says >=3.8.0 but ships no cp38 wheel, so where wheels carry cpXY tags those decide."""
    url = f"{INDEX}/{package}/json"
    v = Version(version)
    rp = _requires_python(project, v)
    cps = _cp_versions(project, v)
    low_data = _lower_bound(spec)
    out = []
    if cps:
        low_index, why = cps[0], f"wheels for cp{''.join(map(str, cps[0].release))} and up"
        why += f" (Requires-Python {rp})" if rp else ""
    else:
        low_index, why = _lower_bound(rp), f"Requires-Python {rp} (the release's files)"
    if low_index and low_data and low_data != low_index:
        out.append(Difference(package, f"{version}: lowest Python differs", str(spec), why, url))
    if cps and spec:
        try:
            allowed = SpecifierSet(spec)
        except InvalidSpecifier:
            return out
        newest = cps[-1]
        if newest not in allowed:
            out.append(
                Difference(
                    package,
                    f"{version}: newest Python with a wheel is outside the data's range",
                    str(spec),
                    f"wheels up to cp{''.join(map(str, newest.release))}",
                    url,
                )
            )
    return out


def _lower_bound(spec: Optional[str]) -> Optional[Version]:
    m = re.search(r">=\s*([0-9][0-9.]*)", spec or "")
    return Version(m.group(1)) if m else None


def _new_releases(
    name: str, project: Dict[str, Any], known: Iterable[str], newer_than: Optional[Version]
) -> List[Difference]:
    known_v = {Version(k) for k in known}
    floor = newer_than or (min(known_v) if known_v else None)
    url = f"{INDEX}/{name}/json"
    out = []
    for v in _final_releases(project):
        if v in known_v or (floor is not None and v <= floor):
            continue
        out.append(
            Difference(
                name,
                f"release {v} is on the index but not in compat_data",
                "absent",
                f"{v} uploaded {_uploaded(project, v)}",
                url,
            )
        )
    return out


def compare_torch(index: Index) -> List[Difference]:
    data = _load("torch")
    out: List[Difference] = []
    project = index.project("torch")
    if project is None:
        return out
    known = [r["version"] for r in data["releases"]]
    out += _new_releases("torch", project, known, None)
    vision = index.project("torchvision")
    for rel in data["releases"]:
        v = rel["version"]
        out += _python_differences("torch", v, rel.get("python"), project)
        meta = _latest_release(project, v)
        default = next(
            (x for x in rel["variants"] if x.get("tag") == rel.get("pypi_default")), None
        )
        if meta is not None and default is not None:
            reqs = _requirements(meta)
            major = (default.get("tag") or "cu")[2:4]
            for lib in ("cudnn", "nccl"):
                pin = _pin(reqs.get(f"nvidia-{lib}-cu{major}"))
                if pin and default.get(lib) and pin != default.get(lib):
                    out.append(
                        Difference(
                            "torch",
                            f"{v} ({default['tag']}, the PyPI build): bundled {lib} differs",
                            str(default.get(lib)),
                            f"Requires-Dist nvidia-{lib}-cu{major}=={pin}",
                            f"{INDEX}/torch/json",
                        )
                    )
        # the torchvision paired with this torch must accept it
        tv = _latest_release(vision, rel.get("torchvision") or "") if vision else None
        torch_req = _requirements(tv).get("torch") if tv else None
        if torch_req is not None and not torch_req.specifier.contains(v, prereleases=True):
            out.append(
                Difference(
                    "torchvision",
                    f"{rel['torchvision']} (paired with torch {v}) does not accept that torch",
                    f"torch {v} -> torchvision {rel['torchvision']}",
                    f"Requires-Dist {torch_req}",
                    f"{INDEX}/torchvision/json",
                )
            )
    if vision is not None:
        known_tv = {r.get("torchvision") for r in data["releases"] if r.get("torchvision")}
        newest = max((Version(r["version"]) for r in data["releases"]), default=None)
        for tv in _final_releases(vision):
            if str(tv) in known_tv or tv <= Version("0.19"):
                continue
            latest = _latest_release(vision, str(tv))
            req = _requirements(latest).get("torch") if latest else None
            out.append(
                Difference(
                    "torchvision",
                    f"release {tv} is paired with no torch in compat_data",
                    f"newest torch in the data: {newest}",
                    f"{tv} uploaded {_uploaded(vision, tv)}; Requires-Dist {req or '(not read)'}",
                    f"{INDEX}/torchvision/json",
                )
            )
    return out


def compare_simple(name: str, kind: str, index: Index, key: str = "version") -> List[Difference]:
    data = _load(kind)
    project = index.project(name)
    if project is None:
        return []
    known = [r[key] for r in data["releases"] if r.get(key)]
    return _new_releases(name, project, known, None)


def compare_jax(index: Index) -> List[Difference]:
    data = _load("jax")
    out = compare_simple("jax", "jax", index, key="jax")
    project = index.project("jax")
    for rel in data["releases"] if project else ():
        out += _python_differences("jax", rel["jax"], rel.get("python"), project)
    return out


def compare_cuda_libs(index: Index) -> List[Difference]:
    out: List[Difference] = []
    for kind, lib in (("cudnn", "cudnn"), ("nccl", "nccl")):
        data = _load(kind)
        # the data keys releases by major.minor.patch; wheels add a build number
        known = {".".join(r["version"].split(".")[:3]) for r in data["releases"]}
        newest = max((Version(k) for k in known), default=None)
        seen = set()
        for cu in ("cu12", "cu13"):
            name = f"nvidia-{lib}-{cu}"
            project = index.project(name)
            if project is None:
                continue
            for v in _final_releases(project):
                short = ".".join(str(v).split(".")[:3])
                if short in known or short in seen or (newest and Version(short) <= newest):
                    continue
                seen.add(short)
                out.append(
                    Difference(
                        name,
                        f"{lib} {short} has wheels but is not in compat_data/{kind}.json",
                        f"newest in the data: {newest}",
                        f"{name} {v} uploaded {_uploaded(project, v)}",
                        f"{INDEX}/{name}/json",
                    )
                )
    return out


def compare_tensorflow(index: Index) -> List[Difference]:
    """tensorflow.json holds tested configurations per release series: compare series."""
    data = _load("tensorflow")
    project = index.project("tensorflow")
    if project is None:
        return []
    known = {tuple(Version(r["version"]).release[:2]) for r in data["releases"]}
    newest: Dict[tuple, Version] = {}
    for v in _final_releases(project):
        newest[v.release[:2]] = max(v, newest.get(v.release[:2], v))
    return [
        Difference(
            "tensorflow",
            f"release series {'.'.join(map(str, series))} is on the index but not in compat_data",
            f"newest series in the data: {'.'.join(map(str, max(known)))}",
            f"{v} uploaded {_uploaded(project, v)}; Requires-Python {_requires_python(project, v)}",
            f"{INDEX}/tensorflow/json",
        )
        for series, v in sorted(newest.items())
        if series not in known and series > max(known)
    ]


def compare_all(index: Index) -> List[Difference]:
    return (
        compare_torch(index)
        + compare_tensorflow(index)
        + compare_jax(index)
        + compare_cuda_libs(index)
    )


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline", type=Path, metavar="DIR", help="read recorded responses")
    parser.add_argument("--record", type=Path, metavar="DIR", help="save trimmed responses")
    parser.add_argument("--json", action="store_true", help="JSON lines, one per difference")
    parser.add_argument("--timeout", type=float, default=20.0, metavar="S")
    parser.add_argument("--data", type=Path, metavar="DIR", help="compat_data/ to compare")
    args = parser.parse_args(argv)
    global DATA
    if args.data is not None:
        DATA = args.data
    index = Index(args.offline, args.record, args.timeout)
    try:
        diffs = compare_all(index)
    except (OSError, ValueError, KeyError) as exc:
        print(f"compat_refresh: error: {exc}", file=sys.stderr)
        return 2
    for d in diffs:
        print(json.dumps(asdict(d)) if args.json else d.line())
    if not args.json:
        print(f"{len(diffs)} difference(s) between compat_data/ and the index", file=sys.stderr)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
