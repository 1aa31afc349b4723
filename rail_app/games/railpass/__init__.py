"""Rail Pass: a real-time cooperative train game on a seeded, fixed-tick clock (the rules in
``docs/railpass-rules.md``, the digital edition in ``docs/railpass-digital.md``)."""
