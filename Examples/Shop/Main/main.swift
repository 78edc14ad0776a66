import Foundation
import ShopApp

let outcome = ShopCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
print(outcome.output)
exit(outcome.exitCode)
