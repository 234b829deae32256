"""The package's own metadata (pyproject.toml): what every install reads."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

from packaging.licenses import canonicalize_license_expression
from packaging.requirements import Requirement

PYPROJECT = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_license_is_an_spdx_expression_that_the_build_backend_reads() -> None:
    """A TOML table (``{ text = "MIT" }``) makes setuptools warn at every install; the SPDX string
    form needs setuptools 77 or later in the build environment."""
    license_ = PYPROJECT["project"]["license"]
    assert isinstance(license_, str) and canonicalize_license_expression(license_) == license_ == "MIT"
    setuptools = next(Requirement(r) for r in PYPROJECT["build-system"]["requires"]
                      if Requirement(r).name == "setuptools")
    assert not setuptools.specifier.contains("76.9") and setuptools.specifier.contains("77.0")


def test_an_install_holds_every_package_the_bot_runs_and_no_tool() -> None:
    """Each expansion is a package inside a layer (engine/horses/, render/horses/ …): a listed
    ``packages`` would leave them out of a wheel; tools/ and tests/ are not the product."""
    root = Path(__file__).resolve().parent.parent
    include = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {".".join(p.parent.relative_to(root).parts) for p in root.glob("*/**/__init__.py")
                if ".venv" not in p.parts}
    installed = {p for p in packages if any(fnmatch(p, pattern) for pattern in include)}
    product = {p for p in packages if p.split(".")[0] in {"engine", "render", "cogs", "table", "lang"}}
    assert installed == product and {"engine.horses", "engine.prisoners", "engine.variants"} <= installed
    assert {"tools", "tests"} <= packages - installed
