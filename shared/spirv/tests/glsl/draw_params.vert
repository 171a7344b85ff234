#version 450
#extension GL_ARB_shader_draw_parameters : require
#extension GL_EXT_multiview : require
// Draw parameters, multiview, invariant position, double inputs.
layout(location = 0) in vec4 pos;
layout(location = 1) in dvec2 dpos;
layout(location = 0) out vec4 info;
layout(location = 1) centroid out vec2 c;
layout(location = 2) sample out float s;
invariant gl_Position;

void main()
{
   gl_Position = pos + vec4(vec2(dpos), 0.0, 0.0);
   info = vec4(float(gl_BaseVertexARB), float(gl_BaseInstanceARB), float(gl_DrawIDARB),
               float(gl_ViewIndex));
   c = pos.xy;
   s = pos.z;
}
