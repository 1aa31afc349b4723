"""The input events a crash report lists (the last few the application saw), one line each."""

from __future__ import annotations

import time

import pygame

LOGGED_EVENTS = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                            pygame.MOUSEWHEEL, pygame.VIDEORESIZE, pygame.QUIT})


def describe(event: pygame.event.Event) -> str:
    """One input event in a line of a crash report."""
    name = pygame.event.event_name(event.type)
    if event.type == pygame.KEYDOWN:
        what = pygame.key.name(getattr(event, "key", 0)) or str(getattr(event, "key", "?"))
    elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        what = f"button {getattr(event, 'button', '?')} at {getattr(event, 'pos', '?')}"
    elif event.type == pygame.MOUSEWHEEL:
        what = f"y {getattr(event, 'y', '?')}"
    elif event.type == pygame.VIDEORESIZE:
        what = f"{getattr(event, 'w', '?')}x{getattr(event, 'h', '?')}"
    else:
        what = ""
    return f"{time.strftime('%H:%M:%S')} {name} {what}".rstrip()
