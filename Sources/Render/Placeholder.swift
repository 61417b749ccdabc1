// Render module placeholder; replaced by the module's files.
