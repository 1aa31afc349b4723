"""The pygame app: scenes, camera, map renderer, pen tool, HUD."""
