import Foundation
import _ProcessLayer

// Closed standard streams are reserved and SIGPIPE/SIGXFSZ ignored, so that a failed write is an
// error the run can report and recover from, never a trap or a silent death mid-commit.
StandardStreams.install()
// An interrupted run (Ctrl-C, kill, a closed terminal) leaves every output as it was before the
// run (OutputTransaction) and, with this, no temporary file either.
InterruptCleanup.install()
let arguments = Array(CommandLine.arguments.dropFirst())
let console = Console.standard
exit(console.exitStatus(Beztune.main(arguments, console: console), command: arguments.first))
