"""``python -m tools.gallery OUT_DIR``: the gallery builder (tools.gallery.build)."""

import sys

from tools.gallery.build import main

sys.exit(main())
