"""The machine a benchmark ran on, printed with every figure so figures can be compared fairly.

Load average is included because these machines are shared: a figure taken while something
else ran is worth less, and the reader should be able to tell.
"""

from __future__ import annotations

import os
import platform
import sys


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (Linux), or what platform knows elsewhere."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def describe() -> dict[str, str]:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return {
        "cpu": cpu_model(),
        "cores": f"{os.cpu_count()} ({usable} usable by this process)",
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
        "system": f"{platform.system()} {platform.release()} {platform.machine()}",
        "load average (1, 5, 15 min)": load,
    }


def print_machine() -> None:
    print("machine:")
    for key, value in describe().items():
        print(f"  {key}: {value}")
