import Foundation
import PocketForecastApp

let outcome = PocketForecastCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), makeDefault: true)
if !outcome.output.isEmpty { print(outcome.output) }
if !outcome.error.isEmpty { FileHandle.standardError.write(Data((outcome.error + "\n").utf8)) }
exit(outcome.exitCode)
