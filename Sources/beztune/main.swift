import DataFiles
import Foundation

// An interrupted run (Ctrl-C, kill, a closed terminal) leaves each output file complete or
// absent — AtomicFile guarantees that much — and, with this, no temporary file either.
InterruptCleanup.install()
exit(Beztune.main(Array(CommandLine.arguments.dropFirst()), console: .standard))
