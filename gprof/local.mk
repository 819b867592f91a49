## gprof/: the analyser.
