"""The package's own metadata (pyproject.toml): what every install reads."""

from __future__ import annotations

import tomllib
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
