"""``python -m cardtable``: the ``cardtable`` command, for an install whose script is not at hand."""

import sys

from cardtable.cli import main

sys.exit(main())
