/* SPDX-License-Identifier: MIT */
/* Control-flow editing: edges, phis and dead code stay consistent. */
#include "nir_test_helpers.h"

TEST(nir_cf_jump_removes_unreachable_code)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_cursor after_x = b.cursor;
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0)));
   nir_def *neg = nir_fneg(&b, x);
   nir_pop_if(&b, nif);
   nir_def *phi = nir_if_phi(&b, neg, x);
   nir_store_var(&b, o, phi, 1);
   /* A return right after x: the if, the phi and the store are unreachable. */
   b.cursor = after_x;
   nir_jump(&b, NIR_JUMP_RETURN);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out float o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x1 mov %0.x\n"
                      "      return\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_cf_remove_if_with_merge_phi)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0)));
   nir_def *neg = nir_fneg(&b, x);
   nir_push_else(&b, nif);
   nir_def *abs = nir_fabs(&b, x);
   nir_pop_if(&b, nif);
   nir_store_var(&b, o, nir_if_phi(&b, neg, abs), 1);
   nir_cf_node_remove(&nif->cf_node);
   /* The phi lost its edges: its users read an undef now. */
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out float o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %10 = 32x1 undefined\n"
                      "      %9 = 32x1 undefined\n"
                      "      %8 = 32x1 undefined\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x1 mov %0.x\n"
                      "      %2 = 32x1 load_const (0x00000000)\n"
                      "      %3 = 1x1 flt %1, %2\n"
                      "      %7 = 32x1 deref_var &o (shader_out float)\n"
                      "      @store_deref (%7, %10) (write_mask=0x1, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_cf_extract_and_reinsert)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "o");
   nir_def *idx = nir_load_local_invocation_index(&b);
   nir_instr *first = idx->parent_instr;
   nir_store_var(&b, o, nir_imm_int(&b, 1), 1);
   nir_cursor begin = b.cursor;
   nir_if *nif = nir_push_if(&b, nir_ieq_imm(&b, idx, 0));
   nir_store_var(&b, o, nir_imm_int(&b, 2), 1);
   nir_pop_if(&b, nif);
   nir_store_var(&b, o, nir_imm_int(&b, 3), 1);
   nir_cursor end = b.cursor;
   nir_store_var(&b, o, nir_imm_int(&b, 4), 1);

   /* Move [if ... store 3] to right after the load of the index. */
   nir_cf_list moved;
   REQUIRE(nir_cf_extract(&moved, begin, end));
   /* (A detached list keeps its sources linked: the shader does not
    * validate until the list is reinserted or deleted.) */
   char *mid = nir_shader_to_string(b.shader);
   CHECK(mid && !strstr(mid, "if %"));
   free(mid);
   REQUIRE(nir_cf_reinsert(&moved, nir_after_instr(first)));
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared uint o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x1 @load_local_invocation_index ()\n"
                      "      %3 = 32x1 load_const (0x00000000)\n"
                      "      %4 = 1x1 ieq %0, %3\n"
                      "      // succs: b1 b2\n"
                      "   if %4 {\n"
                      "      block b1:  // preds: b0\n"
                      "         %5 = 32x1 load_const (0x00000002)\n"
                      "         %6 = 32x1 deref_var &o (shared uint)\n"
                      "         @store_deref (%6, %5) (write_mask=0x1, access=none)\n"
                      "         // succs: b3\n"
                      "   } else {\n"
                      "      block b2:  // preds: b0\n"
                      "         // succs: b3\n"
                      "   }\n"
                      "   block b3:  // preds: b1 b2\n"
                      "      %7 = 32x1 load_const (0x00000003)\n"
                      "      %8 = 32x1 deref_var &o (shared uint)\n"
                      "      @store_deref (%8, %7) (write_mask=0x1, access=none)\n"
                      "      %1 = 32x1 load_const (0x00000001)\n"
                      "      %2 = 32x1 deref_var &o (shared uint)\n"
                      "      @store_deref (%2, %1) (write_mask=0x1, access=none)\n"
                      "      %9 = 32x1 load_const (0x00000004)\n"
                      "      %10 = 32x1 deref_var &o (shared uint)\n"
                      "      @store_deref (%10, %9) (write_mask=0x1, access=none)\n"
                      "      // succs: b4\n"
                      "   block b4:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_cf_removing_a_jump_restores_edges)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_loop *loop = nir_push_loop(&b);
   nir_if *nif = nir_push_if(&b, nir_ieq_imm(&b, nir_load_local_invocation_index(&b), 0));
   nir_jump(&b, NIR_JUMP_BREAK);
   nir_pop_if(&b, nif);
   nir_pop_loop(&b, loop);
   nir_block *then_block = nir_if_first_then_block(nif);
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(&loop->cf_node));
   CHECK(then_block->successors[0] == after);
   CHECK_EQ(after->num_predecessors, 1);
   nir_instr_remove(nir_block_last_instr(then_block));
   /* Now the then-block falls through, and nothing leaves the loop. */
   CHECK(then_block->successors[0] != after);
   CHECK_EQ(after->num_predecessors, 0);
   CHECK(nir_block_is_unreachable(after));
   char *t = nir_test_print(b.shader);
   free(t);
   nir_shader_destroy(b.shader);
}

TEST(nir_cf_phis_follow_new_predecessors)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "o");
   nir_def *idx = nir_load_local_invocation_index(&b);
   nir_loop *loop = nir_push_loop(&b);
   nir_break_if(&b, nir_ieq_imm(&b, idx, 0));
   nir_pop_loop(&b, loop);
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(&loop->cf_node));
   /* A phi in the block after the loop: one source per break. */
   nir_phi_instr *phi = nir_phi_instr_create(b.shader);
   nir_def_init(&phi->instr, &phi->def, 1, 32);
   nir_phi_instr_add_src(phi, after->predecessors[0], idx);
   nir_instr_insert(nir_before_block(after), &phi->instr);
   nir_store_var(&b, o, &phi->def, 1);
   /* A second break makes a second predecessor: the phi gets an undef
    * source for it, to be filled in by whoever added the edge. */
   b.cursor = nir_after_block(nir_loop_first_block(loop));
   nir_break_if(&b, nir_ieq_imm(&b, idx, 1));
   CHECK_EQ(after->num_predecessors, 2);
   CHECK_EQ(list_length(&phi->srcs), 2);
   char *t = nir_test_print(b.shader);
   CHECK(t && strstr(t, "undefined"));
   free(t);
   nir_shader_destroy(b.shader);
}

TEST(nir_cf_cursors_and_moves)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_def *x = nir_load_frag_coord(&b);
   nir_def *y = nir_fmul(&b, x, x);
   nir_def *z = nir_fadd(&b, y, x);
   nir_block *start = nir_start_block(b.impl);
   CHECK(nir_cursors_equal(nir_before_block(start), nir_before_instr(x->parent_instr)));
   CHECK(nir_cursors_equal(nir_after_instr(x->parent_instr),
                           nir_before_instr(y->parent_instr)));
   CHECK(nir_cursors_equal(nir_after_instr(z->parent_instr), nir_after_block(start)));
   CHECK(!nir_cursors_equal(nir_before_instr(y->parent_instr), nir_after_block(start)));
   /* Moving an instruction next to itself is no move. */
   CHECK(!nir_instr_move(nir_before_instr(y->parent_instr), y->parent_instr));
   CHECK(!nir_instr_move(nir_after_instr(x->parent_instr), y->parent_instr));
   CHECK(nir_instr_move(nir_after_block(start), y->parent_instr));
   CHECK(nir_block_last_instr(start) == y->parent_instr);
   /* Now z reads y before it is defined. */
   char *report = NULL;
   CHECK_EQ(nir_validate_shader_report(b.shader, &report), 1);
   free(report);
   CHECK(nir_instr_move(nir_before_instr(z->parent_instr), y->parent_instr));
   CHECK_EQ(nir_validate_shader_report(b.shader, NULL), 0);

   /* rewrite_uses_after: only uses after the given instruction change. */
   nir_builder b2 = nir_builder_at(nir_after_instr(z->parent_instr));
   nir_def *w = nir_fsub(&b2, y, x);
   nir_def *ny = nir_fneg(&b2, y);
   nir_def *last = nir_fmul(&b2, y, w);
   nir_def_rewrite_uses_after(y, ny, ny->parent_instr);
   CHECK(nir_instr_as_alu(z->parent_instr)->src[0].src.ssa == y);
   CHECK(nir_instr_as_alu(w->parent_instr)->src[0].src.ssa == y);
   CHECK(nir_instr_as_alu(last->parent_instr)->src[0].src.ssa == ny);
   CHECK_EQ(nir_def_components_read(x), 0xf);
   CHECK_EQ(nir_validate_shader_report(b.shader, NULL), 0);
   nir_shader_destroy(b.shader);
}

TEST(nir_cf_dominance_and_liveness)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0)));
   nir_def *neg = nir_fneg(&b, x);
   nir_push_else(&b, nif);
   nir_def *abs = nir_fabs(&b, x);
   nir_pop_if(&b, nif);
   nir_def *phi = nir_if_phi(&b, neg, abs);
   nir_store_var(&b, o, phi, 1);

   nir_metadata_require(b.impl, NIR_METADATA_DOMINANCE | NIR_METADATA_LIVE_DEFS);
   nir_block *start = nir_start_block(b.impl);
   nir_block *t = nir_if_first_then_block(nif), *e = nir_if_first_else_block(nif);
   nir_block *merge = phi->parent_instr->block;
   CHECK(nir_block_dominates(start, merge));
   CHECK(!nir_block_dominates(t, merge));
   CHECK(merge->imm_dom == start);
   CHECK(nir_dominance_lca(t, e) == start);
   CHECK_EQ(t->num_dom_frontier, 1);
   CHECK(t->dom_frontier[0] == merge);
   CHECK(nir_block_dominates(start, b.impl->end_block));
   /* x is live out of the start block; neg out of the then block only. */
   CHECK(BITSET_TEST(start->live_out, x->index));
   CHECK(BITSET_TEST(t->live_out, neg->index));
   CHECK(!BITSET_TEST(e->live_out, neg->index));
   CHECK(!BITSET_TEST(merge->live_in, neg->index));
   nir_shader_destroy(b.shader);
}
