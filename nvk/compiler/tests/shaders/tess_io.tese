#version 450
// Evaluation shader I/O for nvk_tess_run_test: TessCoord, per-vertex and
// patch inputs, the levels, PrimitiveId, PatchVertices.
layout(quads, fractional_odd_spacing, cw, point_mode) in;
layout(location = 0) in vec4 in_color[];
layout(location = 1) patch in vec4 patch_data;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 extra;
void main() {
   vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
   vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
   gl_Position = mix(a, b, gl_TessCoord.y);
   color = in_color[gl_PrimitiveID % 4] + patch_data;
   extra = vec4(gl_TessLevelOuter[3], gl_TessLevelInner[1], float(gl_PrimitiveID),
                float(gl_PatchVerticesIn));
}
