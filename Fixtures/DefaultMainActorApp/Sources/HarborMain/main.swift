import Foundation
import Harbor

// Top-level code in a module whose default isolation is the main actor: it runs on the main actor.
let harbor = CommandLine.arguments.dropFirst().first ?? "Lisbon"
do {
    print(try await HarborApp.run(harbor: harbor))
} catch {
    print("harbor: \(error)")
    exit(1)
}
