"""The pygame app: scenes, camera, map renderer, pen tool, HUD."""

from rail_app.ui.drawguard import install as _install_draw_guard

_install_draw_guard()  # pygame's drawing guarded for the whole program (drawguard.py)
