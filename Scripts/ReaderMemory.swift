import Foundation

// What Scripts/reader-memory.sh runs, compiled with Monsoon's sources into one module: reads one file the
// way an app does and exits, so that the process's peak resident set is the reading's.
// Usage: reader-memory configuration|manifest PATH

@main
enum ReaderMemory {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            print("usage: reader-memory configuration|manifest PATH")
            exit(2)
        }
        let url = URL(fileURLWithPath: arguments[2])
        let start = ContinuousClock.now
        switch arguments[1] {
        case "configuration":
            do {
                let configuration = try Configuration(files: [url])
                withExtendedLifetime(configuration) { print("read", configuration.files) }
            } catch {
                print("refused:", String(describing: error).prefix(300))
            }
        default:
            do {
                let contents = try BlockComponentFactory.manifestContents(at: url, environment: nil)
                withExtendedLifetime(contents) { print("read", contents.assemblies.count, "assemblies") }
            } catch {
                print("refused:", String(describing: error).prefix(300))
            }
        }
        print("seconds:", Double((ContinuousClock.now - start).components.attoseconds) / 1e18 + Double((ContinuousClock.now - start).components.seconds))
    }
}
