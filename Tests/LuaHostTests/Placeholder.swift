import Testing

@Test func placeholderLuaHostTests() { #expect(Bool(true)) }
