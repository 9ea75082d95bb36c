import Foundation
import PackagePlugin

/// `swift package ota-localizations <command> …`: runs the `ota-localizations` tool that SwiftPM built for the host
/// (this package's executable, resolved through `PluginContext.tool(named:)`), with the arguments after the verb
/// unchanged and the package's directory as the working directory, so `.` is the package's root.
///
/// The tool's standard output and standard error both reach the plugin's free-form output, which SwiftPM prints line
/// by line on its own standard output. A tool that exits with a non-zero status ends the plugin with that status, and
/// SwiftPM then reports `Plugin ended with exit code <status>` and exits 1; a tool ended by a signal ends the plugin
/// with 128 + the signal's number. Source: SwiftPM's PackagePlugin `CommandPlugin` and `PluginContext.tool(named:)`.
@main
struct OTALocalizationsCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "ota-localizations")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // The plugin's own standard input carries SwiftPM's messages: the tool reads none of them.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return
        case (.exit, let status):
            exit(status)
        case (_, let signal):
            Diagnostics.error("ota-localizations ended by signal \(signal)")
            exit(128 + signal)
        }
    }
}
