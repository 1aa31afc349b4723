"""The pure core: hex grid, map files, geometry and the Board (no pygame here)."""
