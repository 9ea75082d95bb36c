import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on 127.0.0.1 for tests and the benchmark's nginx: free ports, a listener that never answers,
/// connection probes.
package enum LoopbackSocket {
    /// A port nothing listens on now: bound to port 0 (the kernel picks), read back, closed.
    package static func freePort() throws -> Int {
        let fd = try bound(port: 0)
        defer { close(fd) }
        return try port(of: fd)
    }

    /// A socket listening on a fresh port that never accepts: connections complete in the kernel backlog and
    /// requests are never answered, so a client meets its timeout. Close the descriptor when done.
    package static func silentListener() throws -> (descriptor: Int32, port: Int) {
        let fd = try bound(port: 0)
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw ToolFailureText("listen failed: errno \(errno)")
        }
        return (fd, try port(of: fd))
    }

    /// Whether a TCP connection to 127.0.0.1:`port` succeeds now.
    package static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func bound(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw ToolFailureText("socket failed: errno \(errno)") }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw ToolFailureText("bind failed: errno \(errno)")
        }
        return fd
    }

    private static func port(of fd: Int32) throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw ToolFailureText("getsockname failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A test-support failure with a message.
package struct ToolFailureText: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
