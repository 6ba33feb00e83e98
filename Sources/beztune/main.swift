import Foundation

exit(Beztune.main(Array(CommandLine.arguments.dropFirst()), console: .standard))
