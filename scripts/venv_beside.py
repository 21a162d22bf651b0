"""Make a virtual environment that sees the packages of the one running this script.

A game package installed into it sits next to cardtable as a third-party game would, while the
venv this runs from (cardtable's own) keeps its games: ``make plugin-test`` installs
examples/plugin-game so. The new venv has no packages of its own; one ``.pth`` line adds this
venv's site-packages with ``site.addsitedir``, which also reads the ``.pth`` files there (an
editable install of cardtable is one), as a bare path line would not.

Usage: ``.venv/bin/python scripts/venv_beside.py NEW_VENV``
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    target = Path(argv[0]).resolve()
    venv.create(target, clear=True, with_pip=False)
    python = target / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; "
                           "print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    ours = sysconfig.get_paths()["purelib"]
    Path(site, "beside.pth").write_text(f"import site; site.addsitedir({ours!r})\n",
                                        encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
