"""Rail Pass's computer crew (Trainee, Conductor, Chief) and the stand-ins of the measures."""
