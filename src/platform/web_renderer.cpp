// gpuplan platform (web): WebGL2 renderer for Dear ImGui draw lists (see web_renderer.h for why it is our own).
#include "platform/web_renderer.h"

#include <GLES3/gl3.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "imgui.h"

namespace renderer {

namespace {

// Vertex: position in CSS pixels → clip space; texture coordinates; colour as 4 normalised bytes.
constexpr const char* kVertexShader = R"(#version 300 es
uniform mat4 u_projection;
layout (location = 0) in vec2 a_position;
layout (location = 1) in vec2 a_uv;
layout (location = 2) in vec4 a_color;
out vec2 v_uv;
out vec4 v_color;
void main() {
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = u_projection * vec4(a_position, 0.0, 1.0);
}
)";

constexpr const char* kFragmentShader = R"(#version 300 es
precision mediump float;
uniform sampler2D u_texture;
in vec2 v_uv;
in vec4 v_color;
layout (location = 0) out vec4 out_color;
void main() {
    out_color = v_color * texture(u_texture, v_uv);
}
)";

struct Renderer {
    GLuint Program = 0;
    GLint  Projection = -1;
    GLint  Texture = -1;
    GLuint Vao = 0;
    GLuint VertexBuffer = 0;
    GLuint IndexBuffer = 0;
    GLuint FontTexture = 0;
};

Renderer g_renderer;

GLuint CompileShader(GLenum kind, const char* source) {
    const GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok); // once, at start-up
    if (!ok) {
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

} // namespace

bool Init() {
    Renderer& r = g_renderer;
    const GLuint vertex = CompileShader(GL_VERTEX_SHADER, kVertexShader);
    const GLuint fragment = CompileShader(GL_FRAGMENT_SHADER, kFragmentShader);
    if (vertex == 0 || fragment == 0) return false;
    r.Program = glCreateProgram();
    glAttachShader(r.Program, vertex);
    glAttachShader(r.Program, fragment);
    glLinkProgram(r.Program);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint linked = 0;
    glGetProgramiv(r.Program, GL_LINK_STATUS, &linked);
    if (!linked) return false;
    r.Projection = glGetUniformLocation(r.Program, "u_projection");
    r.Texture = glGetUniformLocation(r.Program, "u_texture");

    glGenBuffers(1, &r.VertexBuffer);
    glGenBuffers(1, &r.IndexBuffer);
    glGenVertexArrays(1, &r.Vao);
    glBindVertexArray(r.Vao);
    glBindBuffer(GL_ARRAY_BUFFER, r.VertexBuffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.IndexBuffer); // part of the vertex array's state
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    const GLsizei stride = sizeof(ImDrawVert);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<const void*>(offsetof(ImDrawVert, col)));
    glBindVertexArray(0);

    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "gpuplan_webgl2";
    return true;
}

void CreateFontsTexture() {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    glGenTextures(1, &g_renderer.FontTexture);
    glBindTexture(GL_TEXTURE_2D, g_renderer.FontTexture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(g_renderer.FontTexture)));
}

void DestroyFontsTexture() {
    if (g_renderer.FontTexture == 0) return;
    glDeleteTextures(1, &g_renderer.FontTexture);
    ImGui::GetIO().Fonts->SetTexID(0);
    g_renderer.FontTexture = 0;
}

void Render(const ImDrawData* draw_data, int framebuffer_w, int framebuffer_h) {
    if (draw_data == nullptr || framebuffer_w <= 0 || framebuffer_h <= 0) return;
    const Renderer& r = g_renderer;
    // The whole state a frame needs, set every frame (nothing else draws in this context).
    glViewport(0, 0, framebuffer_w, framebuffer_h);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glUseProgram(r.Program);
    glUniform1i(r.Texture, 0);
    glActiveTexture(GL_TEXTURE0);

    // Orthographic projection of the display rectangle (CSS pixels) onto clip space, y down.
    const float left = draw_data->DisplayPos.x;
    const float right = draw_data->DisplayPos.x + draw_data->DisplaySize.x;
    const float top = draw_data->DisplayPos.y;
    const float bottom = draw_data->DisplayPos.y + draw_data->DisplaySize.y;
    const float projection[16] = {
        2.0f / (right - left), 0, 0, 0,
        0, 2.0f / (top - bottom), 0, 0,
        0, 0, -1.0f, 0,
        (right + left) / (left - right), (top + bottom) / (bottom - top), 0, 1.0f,
    };
    glUniformMatrix4fv(r.Projection, 1, GL_FALSE, projection);
    glBindVertexArray(r.Vao);
    glBindBuffer(GL_ARRAY_BUFFER, r.VertexBuffer);

    const ImVec2 origin = draw_data->DisplayPos;
    const ImVec2 scale = draw_data->FramebufferScale;
    GLuint bound_texture = 0;
    for (int n = 0; n < draw_data->CmdListsCount; ++n) {
        const ImDrawList* list = draw_data->CmdLists[n];
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size * sizeof(ImDrawVert)), list->VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size * sizeof(ImDrawIdx)), list->IdxBuffer.Data,
                     GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback != nullptr) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            // Clip rectangle in framebuffer pixels; GL's scissor origin is the bottom-left corner.
            const float x0 = (cmd.ClipRect.x - origin.x) * scale.x;
            const float y0 = (cmd.ClipRect.y - origin.y) * scale.y;
            const float x1 = (cmd.ClipRect.z - origin.x) * scale.x;
            const float y1 = (cmd.ClipRect.w - origin.y) * scale.y;
            if (x1 <= x0 || y1 <= y0) continue;
            glScissor(static_cast<GLint>(x0), static_cast<GLint>(framebuffer_h - y1), static_cast<GLsizei>(x1 - x0), static_cast<GLsizei>(y1 - y0));
            const GLuint texture = static_cast<GLuint>(reinterpret_cast<intptr_t>(cmd.TextureId));
            if (texture != bound_texture) {
                glBindTexture(GL_TEXTURE_2D, texture);
                bound_texture = texture;
            }
            glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                           reinterpret_cast<const void*>(static_cast<intptr_t>(cmd.IdxOffset * sizeof(ImDrawIdx))));
        }
    }
    glBindVertexArray(0);
}

namespace {

// FNV-1a over 32-bit words (64-bit state): a multiply per word, ~0.5 ms for the 50,000 vertices of a busy frame.
struct Hasher {
    uint64_t State = 14695981039346656037ull;
    void Word(uint32_t word) { State = (State ^ word) * 1099511628211ull; }
    void Float(float value) {
        uint32_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        Word(bits);
    }
    void Bytes(const void* data, size_t size) {
        const unsigned char* bytes = static_cast<const unsigned char*>(data);
        size_t i = 0;
        for (; i + 4 <= size; i += 4) {
            uint32_t word = 0;
            std::memcpy(&word, bytes + i, 4);
            Word(word);
        }
        for (; i < size; ++i) Word(bytes[i]);
        Word(static_cast<uint32_t>(size));
    }
};

} // namespace

uint64_t Fingerprint(const ImDrawData* draw_data, int framebuffer_w, int framebuffer_h) {
    Hasher h;
    h.Word(static_cast<uint32_t>(framebuffer_w));
    h.Word(static_cast<uint32_t>(framebuffer_h));
    if (draw_data == nullptr) return h.State;
    h.Float(draw_data->DisplayPos.x);
    h.Float(draw_data->DisplayPos.y);
    h.Float(draw_data->DisplaySize.x);
    h.Float(draw_data->DisplaySize.y);
    h.Float(draw_data->FramebufferScale.x);
    h.Float(draw_data->FramebufferScale.y);
    h.Word(static_cast<uint32_t>(draw_data->CmdListsCount));
    for (int n = 0; n < draw_data->CmdListsCount; ++n) {
        const ImDrawList* list = draw_data->CmdLists[n];
        h.Bytes(list->VtxBuffer.Data, static_cast<size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
        h.Bytes(list->IdxBuffer.Data, static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            h.Float(cmd.ClipRect.x);
            h.Float(cmd.ClipRect.y);
            h.Float(cmd.ClipRect.z);
            h.Float(cmd.ClipRect.w);
            h.Word(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(cmd.TextureId)));
            h.Word(cmd.VtxOffset);
            h.Word(cmd.IdxOffset);
            h.Word(cmd.ElemCount);
            h.Word(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(cmd.UserCallback)));
        }
    }
    return h.State;
}

} // namespace renderer
