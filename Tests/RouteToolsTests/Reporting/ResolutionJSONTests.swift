import RouteCompiler
@_spi(Generated) import RouteTable
import Testing

@testable import RouteTools

/// `ResolutionJSON`, the object `routec resolve` prints: each parameter value as the JSON that
/// docs/commands.md describes.
@Suite struct ResolutionJSONTests {
  @Test func parameterValuesAreTheirJSON() {
    #expect(ResolutionJSON.value(.string("a\"b")) == .string("a\"b"))
    #expect(ResolutionJSON.value(.int(-7)) == .number("-7"))
    #expect(ResolutionJSON.value(.bool(false)) == .bool(false))
    #expect(ResolutionJSON.value(.double(2.5)) == .number("2.5"))
    #expect(ResolutionJSON.value(.double(1e-5)) == .number("1e-05"))
    // Coercion never makes one; a hand-built value is still valid JSON.
    #expect(ResolutionJSON.value(.double(.nan)) == .null)
    #expect(
      ResolutionJSON.value(.query(["b": "2", "a": ""]))
        == .object(["a": .string(""), "b": .string("2")]))
    #expect(
      JSONWriter.text(ResolutionJSON.value(.query(["b": "2", "a": ""])))
        == "{\n  \"a\": \"\",\n  \"b\": \"2\"\n}")
  }
}
