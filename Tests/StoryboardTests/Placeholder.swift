import Testing

@Test func placeholderStoryboardTests() { #expect(Bool(true)) }
