#version 450
#extension GL_EXT_multiview : require
// vk_version_test: a rectangle whose width depends on the view: corner q
// (0 or 1 in x and y) goes to x = -1 + q.x * (v + 1) / 2, so view v covers
// x < (v + 1) / 4 of the framebuffer (ViewIndex in the vertex shader), and
// each layer shows which view drew it. The shader writes nothing but the
// position (glslang still declares ClipDistance and CullDistance). The vertex shader's ViewIndex also
// goes to the fragment shader, which compares it with its own.
layout(location = 0) in vec2 q;
void main()
{
   float width = float(gl_ViewIndex + 1) / 2.0; /* of the 2.0 of clip space */
   gl_Position = vec4(-1.0 + q.x * width, -1.0 + 2.0 * q.y, 0.5, 1.0);
}
