"""Shared paths and settings of the tests."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# The repository's counted data files (dlx-core/tests/data).
DATA = Path(__file__).resolve().parents[2] / "dlx-core" / "tests" / "data"

# Property tests: enough examples to catch a wrong rule, few enough to keep
# the whole run within a minute or two on 2 cores. HYPOTHESIS_PROFILE=long
# runs more.
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
