import Testing

@testable import RouteCompiler

@Test func placeholder() {}
