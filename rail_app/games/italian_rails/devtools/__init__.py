"""Italian Rails' own development tools: players for the harnesses, the interface's
autoplay, self-test, screenshots and the lesson's tools (never in the executable)."""
