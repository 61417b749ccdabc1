import Testing

@Test func placeholderRenderTests() { #expect(Bool(true)) }
