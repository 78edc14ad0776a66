import Foundation
import Harbor

// Top-level code runs on the main actor, where the app's main-actor types are used without `await`.
let harbor = CommandLine.arguments.dropFirst().first ?? "Lisbon"
do {
    print(try await HarborApp.run(harbor: harbor))
} catch {
    print("harbor: \(error)")
    exit(1)
}
