#version 450
// Tessellation evaluation with spacing, winding and point mode.
layout(triangles, fractional_odd_spacing, cw, point_mode) in;
layout(location = 0) in vec4 inColor[];
layout(location = 1) patch in vec4 patchData;
layout(location = 0) out vec4 color;

void main()
{
   vec3 t = gl_TessCoord;
   gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position +
                 t.z * gl_in[2].gl_Position;
   color = inColor[0] * gl_TessLevelOuter[1] + patchData * gl_TessLevelInner[0];
}
