//! Deep perft's edges through the binary: the size of a split, job and result lines that
//! contradict themselves or the command line, and progress on long runs.
