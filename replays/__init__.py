"""Replays: step through any saved game and verify it."""

from replays.replay import Replay, verify

__all__ = ["Replay", "verify"]
