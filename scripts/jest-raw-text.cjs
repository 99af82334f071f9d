// Jest transform for files the client imports as text (Vite's `?raw`): the module's default export is the file.
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};
