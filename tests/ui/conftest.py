"""Fixtures the ui tests share (the harness itself is ``tests/conftest.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui_helpers import copy_sample


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """A copy of the sample campaign the test may change (``tmp_path / "campaign"``)."""
    return copy_sample(tmp_path)
