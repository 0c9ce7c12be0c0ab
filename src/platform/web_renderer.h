// gpuplan platform (web): a small WebGL2 renderer for Dear ImGui's draw lists.
// Unlike imgui_impl_opengl3 it reads no GL state back: the page has one GL context and this is its only user, so
// each frame sets the state it needs and nothing is saved or restored (WebGL's getParameter calls are what made
// typing slow: docs/BENCHMARKS.md).
#pragma once

#include <cstdint>

struct ImDrawData;

namespace renderer {

bool Init();                 // shaders, buffers, vertex layout; false when the context refuses them
void CreateFontsTexture();   // uploads ImGui's font atlas (RGBA32) and sets its texture id
void DestroyFontsTexture();
void Render(const ImDrawData* draw_data, int framebuffer_w, int framebuffer_h);
// A 64-bit fingerprint of everything Render would draw (geometry, clip rectangles, textures, display and framebuffer
// size): a frame whose fingerprint equals the one on the canvas need not be drawn again.
uint64_t Fingerprint(const ImDrawData* draw_data, int framebuffer_w, int framebuffer_h);

} // namespace renderer
