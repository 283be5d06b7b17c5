"""Summaries of timing samples."""

from __future__ import annotations

import statistics


def median(samples: list[float]) -> float:
    return statistics.median(samples)


def p95(samples: list[float]) -> float:
    """The 95th percentile, interpolated between samples (the sample itself when there is only one)."""
    if len(samples) < 2:
        return samples[0]
    return statistics.quantiles(samples, n=20, method="inclusive")[-1]


def kilobytes(sizes: list[int]) -> list[float]:
    return [size / 1024 for size in sizes]
