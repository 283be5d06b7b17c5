"""What every game's player returns, and the seeds its randomness comes from."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any


def derive_seed(seed: int, *parts: Any) -> int:
    """A 63-bit seed from `seed` and labels, stable across interpreters (no hash randomisation)."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass
class Decision:
    """What a game's player decided: the action, out of how many, the result it expects for the
    deciding seat (0..1) and how many simulated positions it looked at (0: it didn't search)."""

    action: Any
    options: int
    expected: float = 0.5
    samples: int = 0
    stats: dict = field(default_factory=dict)  # candidate -> (positions looked at, mean), where kept
