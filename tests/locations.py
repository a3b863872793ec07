"""Where the tests find the project: its root, the sample campaign, the test fixtures."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "resources" / "sample-campaign"
FIXTURES = ROOT / "tests" / "fixtures"
