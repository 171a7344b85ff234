#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// As clear.vert, one instance per framebuffer layer.
layout(push_constant) uniform Clear {
   vec4 color[8];
} pc;
void main() {
   vec2 p = vec2((gl_VertexIndex & 1) * 4 - 1, (gl_VertexIndex & 2) * 2 - 1);
   gl_Position = vec4(p, 0.0, 1.0);
   gl_Layer = gl_InstanceIndex;
}
