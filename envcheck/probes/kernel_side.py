"""The kernel side of the NVIDIA driver: loaded modules, the module version, device nodes,
and the NVIDIA GPUs on the PCI bus (present whether or not a driver is loaded).

Reads ``/proc/modules``, ``/proc/driver/nvidia/version``, ``/dev/nvidia*`` and
``/sys/bus/pci/devices/*/{vendor,class}``, all re-rooted under ``ENVCHECK_SYSROOT``
(default ``/``) so tests can lay out a fake host tree.
"""

from __future__ import annotations

import glob
import os
import re
import stat
from typing import Dict, List, Union

from envcheck.probes._util import host_path, read_text, unroot
from envcheck.probes.base import ProbeContext
from envcheck.snapshot import DeviceNode, KernelSide, Unknown

MODULES = ("nvidia", "nvidia_uvm", "nvidia_drm", "nvidia_modeset", "nvidia_peermem", "nouveau")

# "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 ..." or
# "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  550.54.15  Release Build ..."
_NVRM = re.compile(r"NVRM version:.*?Kernel Module(?:\s+for\s+\S+)?\s+(\d+\.\d+(?:\.\d+)*)")


def parse_proc_driver_version(text: str) -> Union[str, None]:
    match = _NVRM.search(text)
    return match.group(1) if match else None


def read_proc_driver_version() -> Union[str, Unknown, None]:
    """The loaded kernel module's version; None when the module is not loaded."""
    text = read_text("/proc/driver/nvidia/version")
    if isinstance(text, Unknown):
        if "not found" in text.reason:
            return None
        return text
    version = parse_proc_driver_version(text)
    return version if version else Unknown("unrecognised /proc/driver/nvidia/version")


def loaded_modules() -> Union[Dict[str, bool], Unknown]:
    text = read_text("/proc/modules")
    if isinstance(text, Unknown):
        return text
    loaded = {line.split(None, 1)[0] for line in text.splitlines() if line.strip()}
    return {name: name in loaded for name in MODULES}


def device_nodes() -> Union[List[DeviceNode], Unknown]:
    dev = host_path("/dev")
    if os.path.isdir(dev) and not os.access(dev, os.R_OK | os.X_OK):
        return Unknown("no permission to list /dev")  # not "no device nodes"
    pattern = host_path("/dev/nvidia*")
    nodes: List[DeviceNode] = []
    paths = sorted(glob.glob(pattern)) + sorted(glob.glob(host_path("/dev/nvidia-caps/*")))
    for path in paths:
        try:
            st = os.stat(path)
        except OSError as exc:
            nodes.append(DeviceNode(path=unroot(path), mode=Unknown(exc.strerror or str(exc))))
            continue
        if stat.S_ISDIR(st.st_mode):
            continue
        nodes.append(
            DeviceNode(
                path=unroot(path),
                mode=stat.filemode(st.st_mode),
                readable=os.access(path, os.R_OK),
                writable=os.access(path, os.W_OK),
            )
        )
    return nodes


NVIDIA_VENDOR = "0x10de"
DISPLAY_CLASS = "0x03"  # PCI base class 03h: display controllers (VGA 0300, 3D 0302)


def pci_nvidia_gpus() -> Union[List[str], Unknown]:
    """PCI addresses of NVIDIA display/3D controllers (audio and USB functions excluded)."""
    root = host_path("/sys/bus/pci/devices")
    try:
        names = sorted(os.listdir(root))
    except FileNotFoundError:
        return Unknown("/sys/bus/pci/devices not found (no sysfs, or not Linux)")
    except OSError as exc:
        return Unknown(f"cannot list /sys/bus/pci/devices: {exc.strerror or exc}")
    found: List[str] = []
    for name in names:
        vendor = read_text(f"/sys/bus/pci/devices/{name}/vendor")
        if isinstance(vendor, Unknown) or vendor.strip().lower() != NVIDIA_VENDOR:
            continue
        pci_class = read_text(f"/sys/bus/pci/devices/{name}/class")
        if isinstance(pci_class, Unknown):
            return Unknown(f"cannot read the PCI class of {name}: {pci_class.reason}")
        if pci_class.strip().lower().startswith(DISPLAY_CLASS):
            found.append(name)
    return found


def probe(ctx: ProbeContext) -> KernelSide:
    side = KernelSide()
    side.modules = loaded_modules()
    text = read_text("/proc/driver/nvidia/version")
    if isinstance(text, Unknown):
        if "not found" in text.reason:
            side.proc_driver_version = None  # module not loaded: absent, a fact
            side.proc_driver_version_text = None
        else:
            side.proc_driver_version = side.proc_driver_version_text = text
    else:
        side.proc_driver_version_text = text.strip()
        side.proc_driver_version = parse_proc_driver_version(text) or Unknown(
            "unrecognised /proc/driver/nvidia/version"
        )
    side.device_nodes = device_nodes()
    side.pci_nvidia_gpus = pci_nvidia_gpus()
    return side
