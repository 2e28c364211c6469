"""Shared test set-up: headless SDL for any test that touches pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hypothesis import settings  # noqa: E402

# No per-example time limit: these machines are shared and noisy, and speed is measured by
# benchmarks, never by a test's clock (docs/performance.md).
settings.register_profile("arena", deadline=None)
settings.load_profile("arena")
